/**
 * Node built-ins that packages touch while they load, through the real CDN app and the fixture registry
 * (`node-builtins-at-load`, shaped like agent-base, graceful-fs, lru-cache, human-signals and
 * webidl-conversions): each import must succeed and behave as Node's module where a browser can, and a use
 * a browser cannot serve must throw an error naming the module and the package.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModuleSource, honestGlobalChecks } from './builtins.ts';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';

let esm: EsmApp;
let mod: Record<string, unknown>;
before(async () => {
  esm = await startEsmApp();
  mod = await importAsPage(URL_OF);
});
after(() => esm.close());

const URL_OF = '/npm/node-builtins-at-load@1.0.0/+esm/b1';
const UNAVAILABLE = (name: string): string =>
  `The Node.js built-in module "${name}" is not available in browsers; node-builtins-at-load@1.0.0 needs it for this operation.`;

/**
 * The module imported as on a page that is not cross-origin isolated: no `SharedArrayBuffer` and no shared
 * WebAssembly memories. (Node's `Buffer` global stays: this process's own modules need it.)
 */
async function importAsPage(url: string): Promise<Record<string, unknown>> {
  const saved = ['SharedArrayBuffer'].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!] as const);
  const memory = WebAssembly.Memory;
  for (const [name] of saved) delete (globalThis as Record<string, unknown>)[name];
  WebAssembly.Memory = function (descriptor: WebAssembly.MemoryDescriptor) {
    if (descriptor.shared) throw new TypeError('shared memory needs cross-origin isolation');
    return new memory(descriptor);
  } as unknown as typeof WebAssembly.Memory;
  try {
    return await esm.loader.import(url);
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
    WebAssembly.Memory = memory;
  }
}

test('http and https are the stream-http and https-browserify builds: Agent is a class a package extends and instantiates while it loads', () => {
  assert.equal(mod['agentProxy'], 'http://proxy.test:3128');
  assert.equal(mod['agentIsAgent'], true, 'https.Agent is http.Agent, as https-browserify copies http');
  assert.equal(mod['notFound'], 'Not Found');
  assert.equal(mod['requestIsFunction'], true);
  assert.equal(mod['responseIsObject'], true, "the names stream-http lacks are Node's: ServerResponse is a class whose prototype express extends");
  assert.throws(() => (mod['listen'] as () => unknown)(), { message: UNAVAILABLE('http') });
  for (const url of ['/npm/stream-http@3.2.0/+esm/b1', '/npm/https-browserify@1.0.0/+esm/b1'])
    assert.ok(esm.loader.fetched.includes(url), `${url} is imported: ${esm.loader.fetched.join(', ')}`);
});

test("fs is an object with Node's names, constants and nested functions, copied and patched while loading; a call throws why", () => {
  assert.deepEqual(mod['copiedNames'], ['readFileSync', 'constants', 'promises']);
  assert.equal(mod['realpathNative'], 'function', 'fs.realpath.native, which fs-extra wraps');
  assert.equal(mod['readOnlyFlag'], 0);
  assert.throws(() => (mod['readFile'] as (f: string) => unknown)('/etc/hostname'), { message: UNAVAILABLE('fs') });
  assert.throws(() => (mod['connect'] as () => unknown)(), { message: UNAVAILABLE('net') }, 'a subclass of net.Socket throws when made');
});

test('diagnostics_channel: channels made while loading, silent without subscribers, delivering to subscribers as Node does', () => {
  assert.equal(mod['channelActive'], false);
  assert.deepEqual((mod['publishTo'] as (m: unknown) => unknown)({ op: 'get' }), [[{ op: 'get' }, 'node-builtins-at-load:metrics']]);
  assert.deepEqual((mod['traced'] as (v: number) => unknown)(21), [42, ['start', 'end']]);
});

test("os keeps os-browserify's values and gains Node's constants table", () => {
  assert.equal(mod['sigint'], 2);
  assert.equal(mod['eol'], '\n');
  assert.ok(esm.loader.fetched.includes('/npm/os-browserify@0.3.0/+esm/b1'));
});

test('SharedArrayBuffer on a page without it: its prototype can be read while loading, nothing is one, and typeof still says the page has none', () => {
  assert.equal(mod['sharedArrayBufferType'], 'undefined');
  assert.equal((mod['isShared'] as (v: unknown) => boolean)(new ArrayBuffer(8)), false);
});

test("url: the legacy parse, and fileURLToPath of a module's web address saying the package needs file paths", () => {
  assert.deepEqual(
    { ...(mod['parsed'] as Record<string, unknown>) },
    {
      protocol: 'http:',
      slashes: true,
      auth: 'user',
      host: 'example.test:8080',
      port: '8080',
      hostname: 'example.test',
      hash: '#top',
      search: '?q=1',
      query: 'q=1',
      pathname: '/a/b',
      path: '/a/b?q=1',
      href: 'http://user@example.test:8080/a/b?q=1#top',
    },
  );
  assert.throws(() => (mod['ownPath'] as () => unknown)(), {
    name: 'TypeError',
    message: /^The URL must be of scheme file \(got http:\/\/cdn\.test\/.*node-builtins-at-load@1\.0\.0 needs the file system path of its files/,
  });
});

test("the Web APIs Node's modules also export are the browser's own (buffer's atob and Blob, crypto's randomUUID); the rest throws why", () => {
  assert.equal((mod['atob'] as (s: string) => string)('aGk='), 'hi');
  assert.equal(mod['BlobClass'], globalThis.Blob);
  assert.match((mod['uuid'] as () => string)(), /^[0-9a-f]{8}-[0-9a-f]{4}-4/);
  assert.throws(() => (mod['cipher'] as () => unknown)(), { message: UNAVAILABLE('crypto') });
  assert.equal(mod['consoleIsGlobal'], true);
});

test("crypto's pure parts are the builds of browserify's create-hash, create-hmac and randombytes: a hash made while loading is Node's", () => {
  assert.equal(mod['magic'], '2747a8f1c9bedeae3f1569bbd771799e46bdce92');
  assert.equal((mod['hmac'] as (k: string, t: string) => string)('key', 'text'), '6afa9046a9579cad143a384c1b564b9a250d27d6f6a63f9f20bf3a7594c9e2c6');
  assert.equal((mod['randomLength'] as (n: number) => number)(12), 12);
  for (const url of ['/npm/create-hash@1.2.0/+esm/b1', '/npm/create-hmac@1.1.7/+esm/b1', '/npm/randombytes@2.1.0/+esm/b1'])
    assert.ok(esm.loader.fetched.includes(url), `${url} is imported`);
});

test('util gives the registered symbols packages key methods by while loading, a silent debuglog and its type checks; a name it lacks throws why; timers/promises resolves', async () => {
  assert.equal(mod['inspectKey'], Symbol.for('nodejs.util.inspect.custom'));
  assert.equal(mod['debugEnabled'], false);
  assert.equal(mod['isBytes'], true);
  assert.throws(() => (mod['parseArgs'] as () => unknown)(), { message: UNAVAILABLE('util') });
  assert.equal(await (mod['sleep'] as (ms: number, v: string) => Promise<string>)(1, 'woke'), 'woke');
});

test("the free Buffer global is the buffer polyfill's class where a package reads it, and typeof Buffer still says the page has none", async () => {
  assert.equal((mod['bytes'] as (t: string) => string)('hi'), '6869');
  assert.ok(esm.loader.fetched.includes('/npm/buffer@6.0.3/+esm/b1'));
  const built = (await esm.app.inject(URL_OF)).body;
  assert.match(built, /typeof globalThis\.Buffer/, 'the package asks the page, which has no Buffer');
  assert.match(built, /import\{Buffer as \w+\}from"\/npm\/buffer@6\.0\.3\/\+esm\/b1"/);
  const other = (await esm.app.inject('/npm/node-builtins-user@1.0.0/+esm/b1')).body;
  assert.doesNotMatch(other, /\/npm\/buffer@/, 'a build that never reads Buffer does not import it');
});

test('async_hooks: an AsyncLocalStorage made while loading keeps its store for the code run() runs, and a bound callback the store it was bound in', () => {
  assert.deepEqual((mod['inRequest'] as (id: number) => unknown)(7), [{ id: 7 }, undefined, { id: 7 }]);
});

test('process: its standard streams are not terminals, so a package looking for one while loading takes its no-terminal path; hrtime is the page clock', () => {
  assert.equal(mod['hasTerminal'], false);
  const clock = (mod['clock'] as () => { since: [number, number]; bigint: string; flags: number })();
  assert.equal(clock.since[0], 0, 'hrtime(previous) measures from previous, on the page clock');
  assert.ok(clock.since[1] >= 0 && clock.since[1] < 1e9);
  assert.equal(clock.bigint, 'bigint');
  assert.equal(clock.flags, 0);
});

test('the SharedArrayBuffer stand-in is part of a build only where the package reads the global', async () => {
  const reading = (await esm.app.inject(URL_OF)).body;
  assert.match(reading, /cross-origin isolated/);
  assert.match(reading, /typeof globalThis\.SharedArrayBuffer/);
  const other = (await esm.app.inject('/npm/node-builtins-user@1.0.0/+esm/b1')).body;
  assert.doesNotMatch(other, /cross-origin isolated/);
});

test("without its polyfill in the registry, http is the stand-in with Node's names: an Agent subclass is made while loading, a request throws why", () => {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', builtinModuleSource('http', 'agent-user@1.0.0'))(module, module.exports);
  const http = module.exports as { Agent: new () => object; request: () => unknown; METHODS: string[]; STATUS_CODES: Record<string, string> };
  class KeepAlive extends http.Agent {}
  assert.ok(new KeepAlive() instanceof http.Agent);
  assert.ok(http.METHODS.includes('GET'));
  assert.equal(http.STATUS_CODES['404'], 'Not Found');
  assert.throws(() => http.request(), {
    message: 'The Node.js built-in module "http" is not available in browsers; agent-user@1.0.0 needs it for this operation.',
  });
});

test('typeof of an injected global asks the page, unless the file has a binding of its own by that name', () => {
  assert.equal(
    honestGlobalChecks("if (typeof Buffer !== 'undefined' && typeof Buffer.from === 'function') x(typeof SharedArrayBuffer);"),
    "if (typeof globalThis.Buffer !== 'undefined' && typeof Buffer.from === 'function') x(typeof globalThis.SharedArrayBuffer);",
  );
  const own = "const { Buffer } = require('buffer');\nmodule.exports = typeof Buffer;";
  assert.equal(honestGlobalChecks(own), own);
  const local = 'var SharedArrayBuffer = Shim;\nexport const kind = typeof SharedArrayBuffer;';
  assert.equal(honestGlobalChecks(local), local);
});
