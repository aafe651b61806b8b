/**
 * The design tokens the shell's index.html needs at its first paint, before any stylesheet or script has loaded:
 * the custom properties of shared/src/styles/tokens.css its <style> reads (and those they refer to), as a `:root`
 * rule the template writes ahead of its own, so its first-paint styles read `var(--...)` like every stylesheet and
 * hold no colour or size of their own; and the brand colour and the icon, for attributes that cannot read a
 * property (`<meta name="theme-color">`, `<link rel="icon">`), from tokens.ts and brandMark.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const STYLES = path.join(repositoryRoot, 'shared/src/styles');
const REFERENCE = /var\((--[\w-]+)/g;

/** The custom properties tokens.css declares, by name, with their values as written. */
function declared(css) {
  return new Map([...css.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map((match) => [match[1], match[2].replace(/\s+/g, ' ').trim()]));
}

/**
 * @param {string} template absolute path of the HTML template
 * @returns {Promise<{ rootRule: string, palette: Record<string, string>, icon: string }>}
 */
export async function firstPaintTokens(template) {
  const [css, html, tokens, mark] = await Promise.all([
    readFile(path.join(STYLES, 'tokens.css'), 'utf8'),
    readFile(template, 'utf8'),
    tsImport(path.join(STYLES, 'tokens.ts'), import.meta.url),
    tsImport(path.join(STYLES, 'brandMark.ts'), import.meta.url),
  ]);
  const properties = declared(css);
  const wanted = new Set();
  const queue = [...html.matchAll(REFERENCE)].map((match) => match[1]);
  while (queue.length > 0) {
    const name = queue.shift();
    if (wanted.has(name)) continue;
    // A misspelt token would leave the first paint unstyled without a word: fail the build instead.
    if (!properties.has(name)) throw new Error(`${path.relative(repositoryRoot, template)} reads ${name}, which shared/src/styles/tokens.css does not declare`);
    wanted.add(name);
    queue.push(...[...properties.get(name).matchAll(REFERENCE)].map((match) => match[1]));
  }
  const rootRule = wanted.size === 0 ? '' : `:root{${[...wanted].map((name) => `${name}:${properties.get(name)}`).join(';')}}`;
  return { rootRule, palette: tokens.palette, icon: mark.brandMarkDataUrl() };
}
