/**
 * The named exports of a CommonJS module, found the way Node finds them (cjs-module-lexer), following
 * `module.exports = require('./other')` re-exports inside the package; a re-exported JSON file gives its
 * top-level keys, as require() sees them. Object literals assigned to `module.exports`
 * give all their keys, where the lexer stops at the first value that is not an identifier.
 */
import { init, parse } from 'cjs-module-lexer';
import { objectLiteralExports } from './objectExports.ts';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set([
  'default',
  '__esModule',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'arguments',
  'eval',
]);

let ready: Promise<void> | null = null;

/** Strings a module can export by: well-formed Unicode (no lone surrogates), as ES2022 requires. */
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])+$/;

/**
 * A name a build can export: any property name Node's `require()` gives, reserved words included
 * (`express.static`, `axios.delete`: `export { x as static }`), and names that are no identifier at all
 * (webidl-conversions's `long long`, mime-db's `application/json`, globals's `react-native`), which ES2022
 * exports as strings (`export { x as "long long" }`); but not `default` or `__esModule`, which mean something
 * else to a module.
 */
export function exportableName(name: string): boolean {
  return WELL_FORMED.test(name) && name !== 'default' && name !== '__esModule';
}

/** Whether a name is exported as itself, not as a string (`isIdentifierName`). */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/**
 * The exports of the names of `holder`'s properties: `export const a = $$read("a")`, and for reserved words,
 * which cannot be bindings, `const $$name0 = $$read("static"); export { $$name0 as static }`, as for names
 * that are no identifier (`export { $$name1 as "long long" }`). Each is read on its own and a getter that
 * throws gives undefined: evaluation names getters too (tmp's `tmpdir` reads the file system), and one of them
 * must not fail the whole module in a browser. With `stringNames` false (a target before ES2022, which cannot
 * write them), names that are no identifier are left out.
 */
export function exportPropertiesOf(holder: string, names: readonly string[], stringNames = true): string[] {
  const kept = stringNames ? names : names.filter(isIdentifierName);
  if (kept.length === 0) return [];
  const lines = [`const $$read = (key) => { try { return ${holder}[key]; } catch { return undefined; } };`];
  kept.forEach((name, i) => {
    if (!isIdentifierName(name)) lines.push(`const $$name${i} = $$read(${JSON.stringify(name)});`, `export { $$name${i} as ${JSON.stringify(name)} };`);
    else if (RESERVED.has(name)) lines.push(`const $$name${i} = $$read(${JSON.stringify(name)});`, `export { $$name${i} as ${name} };`);
    else lines.push(`export const ${name} = $$read(${JSON.stringify(name)});`);
  });
  return lines;
}

export interface CjsSourceReader {
  /** Source of a package file, or null when the specifier does not lead to a file of the package. */
  read(fromFile: string, specifier: string): Promise<{ file: string; source: string } | null>;
}

export interface CjsExports {
  /** Names that can be exported (`exportableName`), sorted. */
  names: string[];
  /** The module marks itself as compiled from ES modules (`exports.__esModule = true`). */
  esModule: boolean;
}

function jsonKeys(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

/** The exports of `file` and of the files it re-exports (a JSON file's top-level keys). */
export async function cjsExports(file: string, source: string, reader: CjsSourceReader): Promise<CjsExports> {
  ready ??= init();
  await ready;
  const names = new Set<string>();
  let esModule = false;
  const seen = new Set<string>();
  const add = (name: string): void => {
    if (exportableName(name)) names.add(name);
  };
  const visit = async (current: string, text: string, depth: number): Promise<void> => {
    if (seen.has(current) || depth > 8) return;
    seen.add(current);
    if (current.toLowerCase().endsWith('.json')) {
      // `module.exports = require('./data.json')`: require() gives the parsed object, so its keys are the exports.
      for (const key of jsonKeys(text)) add(key);
      return;
    }
    let parsed;
    try {
      parsed = parse(text);
    } catch {
      return;
    }
    if (parsed.exports.includes('__esModule')) esModule = true;
    for (const name of parsed.exports) add(name);
    for (const name of await objectLiteralExports(text)) add(name);
    for (const specifier of parsed.reexports) {
      const next = await reader.read(current, specifier);
      if (next) await visit(next.file, next.source, depth + 1);
    }
  };
  await visit(file, source, 0);
  return { names: [...names].sort(), esModule };
}
