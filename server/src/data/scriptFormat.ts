/**
 * How a JavaScript file runs when a page loads it with `<script src>`: `script` (a plain script, an IIFE or a UMD
 * bundle, which finds no `module` and falls back to a global), `commonjs` (it reads `module`, `exports`,
 * `require` or `process` with no such fallback: react's `index.js` throws "process is not defined"), or `module`
 * (import and export statements: a classic script refuses them). Read from the text, as a bundler's output and a
 * compiler's CommonJS are recognisable by these marks; a file that fools it is offered as before, as a script.
 */
export type ScriptFormat = 'script' | 'commonjs' | 'module';

/** An import or export statement at the start of a line (minified modules start with one too). */
const MODULE_SYNTAX = /(?:^|[;}\n])\s*(?:import\s*(?:[\w$*{]|["'])|export\s*(?:\*|\{|default\b|const\b|let\b|var\b|function\b|class\b|async\b))/;
/** What only CommonJS and Node give a file: its module object, its exports, require() and process. */
const COMMONJS_USE =
  /\bmodule\.exports\b|(?:^|[^.\w$])exports\.[\w$]+\s*=|(?:^|[^.\w$])require\s*\(\s*["'`]|\bprocess\.env\b|Object\.defineProperty\(\s*exports\s*,/;
/** A look before the use: UMD wrappers and guarded exports test whether the names exist. */
const GUARDED = /\btypeof\s*\(?\s*(?:module|exports|define|require|process)\b/;

export function scriptFormat(code: string, fileName: string): ScriptFormat {
  if (fileName.endsWith('.mjs') || MODULE_SYNTAX.test(code)) return 'module';
  if (fileName.endsWith('.cjs')) return 'commonjs';
  if (COMMONJS_USE.test(code) && !GUARDED.test(code)) return 'commonjs';
  return 'script';
}
