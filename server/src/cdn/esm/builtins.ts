/**
 * Node's built-in modules in a browser build: a stand-in where the browser can do the same job (path,
 * events, process, url, util), otherwise a module whose every use throws an error naming the module and
 * the package that needs it. Stand-ins are CommonJS so that both `require('events')` (a constructor) and
 * `import { EventEmitter } from 'events'` work.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const STAND_INS: Record<string, string> = {
  path: 'path.cjs',
  'path/posix': 'path.cjs',
  events: 'events.cjs',
  process: 'process.cjs',
  url: 'url.cjs',
  util: 'util.cjs',
};

const BUILTINS = new Set(builtinModules);
const STAND_IN_DIR = path.join(import.meta.dirname, 'builtins');
const sources = new Map<string, string>();

function standInSource(file: string): string {
  let source = sources.get(file);
  if (source === undefined) {
    source = fs.readFileSync(path.join(STAND_IN_DIR, file), 'utf8');
    sources.set(file, source);
  }
  return source;
}

/** The built-in's name without the `node:` prefix, or null when the specifier is not a Node built-in. */
export function builtinName(specifier: string): string | null {
  if (specifier.startsWith('node:')) return specifier.slice(5);
  return BUILTINS.has(specifier) ? specifier : null;
}

/** CommonJS source of the browser module that replaces a built-in, as imported by `packageLabel`. */
export function builtinModuleSource(name: string, packageLabel: string): string {
  const file = Object.hasOwn(STAND_INS, name) ? STAND_INS[name] : undefined;
  if (file) return standInSource(file);
  return `${standInSource('unavailable.cjs').replace('module.exports = function unavailable', 'const unavailable = function unavailable')}\nmodule.exports = unavailable(${JSON.stringify(name)}, ${JSON.stringify(packageLabel)});\n`;
}

/** The file esbuild injects where code reads the free `process` global. */
export const PROCESS_SHIM_PATH = path.join(STAND_IN_DIR, 'process-global.mjs');
