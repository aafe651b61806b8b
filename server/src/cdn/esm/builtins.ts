/**
 * Node's built-in modules in a browser build: the build of a maintained polyfill package from this CDN
 * where one exists (buffer, events, stream, ...: one pinned version, so every package on a page shares one
 * copy), else a small stand-in of ours where the browser can do the same job (path, process, url, util,
 * assert, module), otherwise a module whose every use throws an error naming the module and the package
 * that needs it. Stand-ins are CommonJS so that both `require('events')` (a constructor) and
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
  assert: 'assert.cjs',
  'assert/strict': 'assert.cjs',
  module: 'module.cjs',
};

/** A polyfill package and the file of it that stands for a built-in. */
export interface BuiltinPolyfill {
  name: string;
  /** Exact version: every build imports the same URL, so a page loads one copy. */
  version: string;
  /** '' for the package's entry, or '/sub/path'. */
  subpath: string;
}

const polyfill = (name: string, version: string, subpath = ''): BuiltinPolyfill => ({ name, version, subpath });
const READABLE_STREAM = polyfill('readable-stream', '3.6.2');

/**
 * The packages webpack 4 and browserify shipped for Node's built-ins, still the ones packages are tested
 * with in browsers. `stream` is readable-stream itself rather than stream-browserify, whose classes each
 * import a separate file of readable-stream (a separate build, so `Duplex` would not inherit the
 * `Readable` a package gets). Built-ins without one keep the stand-in or the module that throws on use.
 */
const POLYFILLS: Record<string, BuiltinPolyfill> = {
  buffer: polyfill('buffer', '6.0.3'),
  events: polyfill('events', '3.3.0'),
  stream: READABLE_STREAM,
  _stream_readable: READABLE_STREAM,
  _stream_writable: READABLE_STREAM,
  _stream_duplex: READABLE_STREAM,
  _stream_transform: READABLE_STREAM,
  _stream_passthrough: READABLE_STREAM,
  string_decoder: polyfill('string_decoder', '1.3.0'),
  os: polyfill('os-browserify', '0.3.0'),
  querystring: polyfill('querystring-es3', '0.2.1'),
  punycode: polyfill('punycode', '2.3.1'),
  timers: polyfill('timers-browserify', '2.0.12'),
  zlib: polyfill('browserify-zlib', '0.2.0'),
  tty: polyfill('tty-browserify', '0.0.1'),
  vm: polyfill('vm-browserify', '1.1.2'),
  constants: polyfill('constants-browserify', '1.0.0'),
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

/** The polyfill package of a built-in (name without `node:`), or null when it has none. */
export function builtinPolyfill(name: string): BuiltinPolyfill | null {
  return Object.hasOwn(POLYFILLS, name) ? (POLYFILLS[name] ?? null) : null;
}

/** CommonJS source of the browser module that replaces a built-in, as imported by `packageLabel`. */
export function builtinModuleSource(name: string, packageLabel: string): string {
  const file = Object.hasOwn(STAND_INS, name) ? STAND_INS[name] : undefined;
  if (name === 'module') {
    const factory = standInSource('module.cjs').replace('module.exports = function moduleStandIn', 'const moduleStandIn = function moduleStandIn');
    return `${factory}\nmodule.exports = moduleStandIn(${JSON.stringify(builtinModules)}, ${JSON.stringify(packageLabel)});\n`;
  }
  if (name === 'assert/strict') return `${standInSource('assert.cjs')}\nmodule.exports = module.exports.strict;\n`;
  if (file) return standInSource(file);
  return `${standInSource('unavailable.cjs').replace('module.exports = function unavailable', 'const unavailable = function unavailable')}\nmodule.exports = unavailable(${JSON.stringify(name)}, ${JSON.stringify(packageLabel)});\n`;
}

/** The file esbuild injects where code reads the free `process` global. */
export const PROCESS_SHIM_PATH = path.join(STAND_IN_DIR, 'process-global.mjs');
