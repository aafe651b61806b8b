// The custom property rule: a component's styles travel with it. A stylesheet of a frontend package reads a custom
// property (`var(--name)`) only when it is defined by the design tokens (shared/src/styles/tokens.css, loaded on
// every page), by a stylesheet of the same package, or given a fallback (`var(--name, ...)`). A property that only
// another package defines is set only where that package's stylesheet happens to be loaded: on a page of another
// remote it is empty, and what reads it goes transparent (a switch's track on /statistics, read from the package
// page's stylesheet). The shared library's own stylesheets go further: each defines what it reads, since a remote
// loads only the components it uses.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTEND_WORKSPACES } from '../lib/run.mjs';

export const TOKENS_CSS = 'shared/src/styles/tokens.css';

const DEFINED = /(--[\w-]+)\s*:/g;
/** `var(--name)` with no fallback: the name alone before the closing parenthesis. */
const READ_WITHOUT_FALLBACK = /var\(\s*(--[\w-]+)\s*\)/g;

export const definedIn = (text) => new Set([...text.matchAll(DEFINED)].map((match) => match[1]));

/**
 * The properties each stylesheet reads that it may not rely on, as `file:line: --name`. `files` maps a path from
 * the repository's root to its text; the tokens' text is among them or given as `tokens`.
 */
export function customPropertyProblems(files, tokens = files.get(TOKENS_CSS) ?? '') {
  const fromTokens = definedIn(tokens);
  const byPackage = new Map();
  for (const [file, text] of files) {
    const workspace = file.split('/', 1)[0];
    const defined = byPackage.get(workspace) ?? new Set();
    for (const name of definedIn(text)) defined.add(name);
    byPackage.set(workspace, defined);
  }
  const problems = [];
  for (const [file, text] of files) {
    if (file === TOKENS_CSS) continue;
    const workspace = file.split('/', 1)[0];
    const own = workspace === 'shared' ? definedIn(text) : byPackage.get(workspace);
    text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(READ_WITHOUT_FALLBACK)) {
        const name = match[1];
        if (!fromTokens.has(name) && !own.has(name)) problems.push(`${file}:${index + 1}: ${name}`);
      }
    });
  }
  return problems;
}

/** Every frontend package's stylesheet, tracked or new and not ignored. */
export function repositoryCustomPropertyProblems(root) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...FRONTEND_WORKSPACES], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const files = new Map();
  for (const file of new Set(output.split('\0'))) {
    if (!file.endsWith('.css') || !file.includes('/src/')) continue;
    try {
      files.set(file, readFileSync(path.join(root, file), 'utf8'));
    } catch {
      // A tracked file deleted in the working tree is gone from what is checked.
    }
  }
  return customPropertyProblems(files);
}
