/**
 * Node's built-in modules in a browser build: the build of a maintained polyfill package from this CDN
 * where one exists (buffer, events, stream, http, ...: one pinned version, so every package on a page shares
 * one copy; crypto's pure parts from several), completed with the names of Node's module it lacks where
 * packages read them while loading; else a small stand-in of ours where the browser can do the same job
 * (path, process, url, util, assert, module, diagnostics_channel, async_hooks); otherwise an object with the
 * names of Node's own module whose functions and classes throw an error naming the module and the package
 * that needs it. Stand-ins are CommonJS so that both `require('events')` (a constructor) and
 * `import { EventEmitter } from 'events'` work.
 */
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
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
  diagnostics_channel: 'diagnostics_channel.cjs',
  async_hooks: 'async_hooks.cjs',
  'timers/promises': 'timers-promises.cjs',
  console: 'console.cjs',
  sys: 'util.cjs',
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
  // browserify's http client over fetch: `http.Agent` is a class packages extend while they load (agent-base).
  http: polyfill('stream-http', '3.2.0'),
  https: polyfill('https-browserify', '1.0.0'),
};

/**
 * Polyfills given the names of Node's module they lack (os-browserify has no `constants`, which human-signals
 * reads while it loads; buffer 6 has no `Blob` or `atob`; stream-http has no `ServerResponse`, whose
 * prototype express extends while it loads; browserify-zlib has no brotli): a copy of the polyfill's exports
 * completed as the stand-in of an unavailable module would be. Only for polyfills whose exports are a plain object: `stream` is
 * a class and must stay the polyfill's own.
 */
const COMPLETED = new Set(['os', 'buffer', 'http', 'https', 'zlib']);

/**
 * Built-ins whose pure parts come from several maintained packages, each giving some of the module's names
 * (browserify's crypto pieces, without crypto-browserify's ciphers, keys and signatures): a package hashing
 * while it loads (istanbul-lib-instrument's `createHash('sha1')`) works; the rest of the module is the
 * stand-in with Node's names, Web APIs the browser's own.
 */
const PARTS: Record<string, Record<string, BuiltinPolyfill>> = {
  crypto: {
    createHash: polyfill('create-hash', '1.2.0'),
    createHmac: polyfill('create-hmac', '1.1.7'),
    randomBytes: polyfill('randombytes', '2.1.0'),
    pseudoRandomBytes: polyfill('randombytes', '2.1.0'),
    prng: polyfill('randombytes', '2.1.0'),
    rng: polyfill('randombytes', '2.1.0'),
  },
};

/** The polyfill packages giving names of a built-in (name without `node:`), by name, or null when it has none. */
export function builtinParts(name: string): Record<string, BuiltinPolyfill> | null {
  return Object.hasOwn(PARTS, name) ? (PARTS[name] ?? null) : null;
}

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

/** The shape of a Node module's value, for its stand-in (`builtins/unavailable.cjs` builds it). */
type Shape = { k: 'f'; m?: Record<string, Shape> } | { k: 'c'; made?: 1 } | { k: 'v'; v: unknown } | { k: 'o'; m: Record<string, Shape> };

/**
 * Classes packages make while they load, not only extend (`const agent = new https.Agent({ keepAlive: true })`
 * at the top of a module): their stand-ins can be made, and only their use throws.
 */
const MADE_AT_LOAD = new Set(['Agent']);

/**
 * Built-ins whose module is not read from Node for its names: loading `wasi` prints an experimental warning in
 * this process. Their stand-in answers any name.
 */
const UNREAD = new Set(['wasi']);
const requireBuiltin = createRequire(import.meta.url);
const shapes = new Map<string, Shape | null>();

function describe(value: unknown, key: string, depth: number, seen: Set<unknown>): Shape | null {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return { k: 'v', v: value };
  if (typeof value !== 'function' && typeof value !== 'object') return null;
  if (Array.isArray(value)) return value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)) ? { k: 'v', v: value } : null;
  // A name starting with a capital is a class in Node's modules (Stats, ReadStream, Socket, Agent).
  if (typeof value === 'function' && /^[A-Z]/.test(key)) return MADE_AT_LOAD.has(key) ? { k: 'c', made: 1 } : { k: 'c' };
  const members: Record<string, Shape> = {};
  if (depth > 0 && !seen.has(value)) {
    seen.add(value);
    for (const name of Object.keys(value)) {
      let member: unknown;
      try {
        member = (value as Record<string, unknown>)[name];
      } catch {
        continue;
      }
      const shape = describe(member, name, depth - 1, seen);
      if (shape) members[name] = shape;
    }
  }
  return typeof value === 'function' ? (Object.keys(members).length > 0 ? { k: 'f', m: members } : { k: 'f' }) : { k: 'o', m: members };
}

/** Node's own module, as names, functions, classes and constants (`os.constants.signals` is three deep). */
function nodeShape(name: string): Shape | null {
  if (!shapes.has(name)) {
    let shape: Shape | null = null;
    if (!UNREAD.has(name) && BUILTINS.has(name)) {
      try {
        shape = describe(requireBuiltin(`node:${name}`), 'module', 3, new Set());
      } catch {
        shape = null;
      }
    }
    shapes.set(name, shape);
  }
  return shapes.get(name) ?? null;
}

/** Names that are the same Web API in Node's modules and in browsers: the stand-in gives the browser's own. */
const WEB_NAMES = `{
  Blob: () => globalThis.Blob, File: () => globalThis.File, atob: () => globalThis.atob, btoa: () => globalThis.btoa,
  performance: () => globalThis.performance, webcrypto: () => globalThis.crypto, subtle: () => globalThis.crypto.subtle,
  getRandomValues: () => globalThis.crypto.getRandomValues.bind(globalThis.crypto),
  randomUUID: () => globalThis.crypto.randomUUID.bind(globalThis.crypto),
  ReadableStream: () => globalThis.ReadableStream, WritableStream: () => globalThis.WritableStream,
  TransformStream: () => globalThis.TransformStream, TextEncoderStream: () => globalThis.TextEncoderStream,
  TextDecoderStream: () => globalThis.TextDecoderStream, CompressionStream: () => globalThis.CompressionStream,
  DecompressionStream: () => globalThis.DecompressionStream, MessageChannel: () => globalThis.MessageChannel,
  MessagePort: () => globalThis.MessagePort, BroadcastChannel: () => globalThis.BroadcastChannel,
}`;

function unavailableCall(name: string, packageLabel: string): string {
  const factory = standInSource('unavailable.cjs').replace('module.exports = function unavailable', 'const unavailable = function unavailable');
  return `${factory}\nconst standIn = unavailable(${JSON.stringify(name)}, ${JSON.stringify(packageLabel)}, ${JSON.stringify(nodeShape(name))}, ${WEB_NAMES});\n`;
}

/**
 * Stand-ins of ours given the names of Node's module they do not implement, which throw why when used
 * (`util.parseArgs`, `path.toNamespacedPath`): a package reading one gets a clear error where it uses it
 * rather than `undefined is not a function`.
 */
const COMPLETED_STAND_INS = new Set(['util', 'sys', 'url', 'path', 'path/posix', 'diagnostics_channel', 'async_hooks', 'timers/promises']);

/** Appended to a stand-in's source: the names of Node's module it lacks, from the module that throws on use. */
function completion(name: string, packageLabel: string): string {
  return `;(function () {\n${unavailableCall(name, packageLabel)}for (const key of Object.keys(standIn)) if (!(key in module.exports)) module.exports[key] = standIn[key];\n})();\n`;
}

/**
 * What a build's built-in module requires to get its polyfill package's build (`packagePlugin.ts` resolves it
 * to that build), followed by the polyfill's URL.
 */
export const POLYFILL_IMPORT_PREFIX = 'node-builtin-polyfill:';

/** Whether the built-in's polyfill is completed with the names of Node's module it lacks (`COMPLETED`). */
export function builtinCompleted(name: string): boolean {
  return COMPLETED.has(name);
}

/**
 * CommonJS source of the browser module that replaces a built-in, as imported by `packageLabel`; with
 * `polyfillUrl`, the completed polyfill (`builtinCompleted`), or with a URL per name, the module made of parts
 * (`builtinParts`).
 */
export function builtinModuleSource(name: string, packageLabel: string, polyfillUrl?: string | Record<string, string>): string {
  if (polyfillUrl !== undefined && typeof polyfillUrl !== 'string') {
    // The stand-in with Node's names, each name a part gives taken from that part's build.
    const parts = Object.entries(polyfillUrl).map(
      ([key, url]) => `completed[${JSON.stringify(key)}] = require(${JSON.stringify(POLYFILL_IMPORT_PREFIX + url)});`,
    );
    return [unavailableCall(name, packageLabel), 'const completed = Object.assign({}, standIn);', ...parts, 'module.exports = completed;'].join('\n');
  }
  if (polyfillUrl !== undefined) {
    return [
      unavailableCall(name, packageLabel),
      `const polyfill = require(${JSON.stringify(POLYFILL_IMPORT_PREFIX + polyfillUrl)});`,
      'const completed = Object.assign({}, polyfill);',
      'for (const key of Object.keys(standIn)) if (!(key in completed)) completed[key] = standIn[key];',
      'module.exports = completed;',
    ].join('\n');
  }
  const file = Object.hasOwn(STAND_INS, name) ? STAND_INS[name] : undefined;
  if (name === 'module') {
    const factory = standInSource('module.cjs').replace('module.exports = function moduleStandIn', 'const moduleStandIn = function moduleStandIn');
    return `${factory}\nmodule.exports = moduleStandIn(${JSON.stringify(builtinModules)}, ${JSON.stringify(packageLabel)});\n`;
  }
  if (name === 'url') {
    const factory = standInSource('url.cjs').replace('module.exports = function urlStandIn', 'const urlStandIn = function urlStandIn');
    return `${factory}\nmodule.exports = urlStandIn(${JSON.stringify(packageLabel)});\n${completion(name, packageLabel)}`;
  }
  if (name === 'assert/strict') return `${standInSource('assert.cjs')}\nmodule.exports = module.exports.strict;\n`;
  if (file && COMPLETED_STAND_INS.has(name)) return `${standInSource(file)}\n${completion(name, packageLabel)}`;
  if (file) return standInSource(file);
  return `${unavailableCall(name, packageLabel)}module.exports = standIn;\n`;
}

/** The file esbuild injects where code reads the free `process` (or `SharedArrayBuffer`, `Buffer`) global. */
export const PROCESS_SHIM_PATH = path.join(STAND_IN_DIR, 'process-global.mjs');
/** The file behind the injected `Buffer`, whose import of 'buffer' is the polyfill's build (`packagePlugin.ts`). */
export const BUFFER_SHIM_PATH = path.join(STAND_IN_DIR, 'buffer-global.mjs');
/** The files of ours behind the injected globals, resolved as files rather than as package modules. */
export const GLOBAL_SHIM_PATHS = [PROCESS_SHIM_PATH, path.join(STAND_IN_DIR, 'shared-array-buffer-global.mjs'), BUFFER_SHIM_PATH];

/**
 * Package code with `typeof SharedArrayBuffer` (or `typeof Buffer`) asking the page rather than the injected
 * global: a feature check must still see that the page has none (not cross-origin isolated; not Node), and
 * take its browser path.
 */
export function honestGlobalChecks(code: string): string {
  let checked = code;
  for (const name of ['SharedArrayBuffer', 'Buffer']) {
    // A file with a binding of its own by that name (`const { Buffer } = require('buffer')`) checks that binding.
    const declared = new RegExp(`\\b(?:var|let|const|function|class)\\s+${name}\\b|[{,]\\s*${name}\\s*[,}:]|\\bimport\\s+${name}\\b`);
    if (checked.includes(name) && !declared.test(checked))
      checked = checked.replace(new RegExp(`\\btypeof\\s+${name}\\b(?!\\s*\\.)`, 'g'), `typeof globalThis.${name}`);
  }
  return checked;
}
