/**
 * ES module builds (`+esm`) through the real CDN app, the real package layer and the fixture registry:
 * what each kind of package builds into, that the builds run (evaluated in Node with their imports served
 * by the same app), the shared-dependency URLs, caching, failures and coalescing.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { Config } from '../../config/config.ts';
import { createPackageStore, type ClosablePackageStore } from '../../packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../app.ts';
import { testConfig } from '../testing/testApp.ts';
import { VERSION_HEADER } from '../http/headers.ts';
import { BUILD_FAILED_HEADER } from './serve/serveEsm.ts';
import { startEsmApp, withoutBanner, type EsmApp } from './testing/esmApp.ts';
import type { ModuleLoader } from './testing/importBuilt.ts';

const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const ALIAS = 'public, max-age=604800, s-maxage=43200';
const SHORT = 'public, max-age=60, s-maxage=60';
const VERSION = VERSION_HEADER.toLowerCase();
const FAILED = BUILD_FAILED_HEADER.toLowerCase();

let registry: FixtureRegistry;
let config: Config;
let store: ClosablePackageStore;
let app: FastifyInstance;
let loader: ModuleLoader;

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
  ({ registry, config, store, app, loader } = esm);
});
after(() => esm.close());

/** The number of builds the app has run, by outcome, from its /metrics. */
async function buildCount(target: FastifyInstance, outcome: 'built' | 'failed'): Promise<number> {
  const text = (await target.inject('/metrics')).body;
  const line = text.split('\n').find((l) => l.startsWith('cdn_esm_builds_total{') && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

test('an ES module package: its modules bundled into one minified file, JSON inlined, its dynamic import kept and pointing at our URL', async () => {
  const res = await app.inject('/npm/esm-only-lib@1.0.0/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(res.headers['cache-control'], IMMUTABLE);
  assert.ok(res.body.startsWith(`/**\n * Bundled by ${BRAND.name} as an ES module using esbuild `), res.body.slice(0, 200));
  assert.match(res.body, /^ \* Original file: \/npm\/esm-only-lib@1\.0\.0\/src\/index\.js$/m);
  assert.match(res.body, /^ \* A pinned build: the bytes of this URL never change, so it may be used with SRI\.$/m);
  assert.doesNotMatch(res.body, /from\s*"\.\.?\//, 'no relative imports are left: internal modules are bundled');
  assert.match(res.body, /import\("\/npm\/esm-only-lib@1\.0\.0\/src\/lazy\.js\/\+esm\/b1"\)/);
  assert.match(res.body, /\/\/# sourceMappingURL=b1\.map\n$/);

  const mod = await loader.import('/npm/esm-only-lib@1.0.0/+esm/b1');
  assert.equal((mod['total'] as (v: number[]) => string)([1, 2, 3]), '6.00');
  assert.equal(mod['name'], 'esm-only-lib');
  assert.equal(mod['mode'], 'production', 'process.env.NODE_ENV is "production"');
  const mean = await (mod['loadStatistics'] as () => Promise<(v: number[]) => number>)();
  assert.equal(mean([2, 4]), 3);
  assert.ok(loader.fetched.includes('/npm/esm-only-lib@1.0.0/src/lazy.js/+esm/b1'));

  const map = await app.inject('/npm/esm-only-lib@1.0.0/+esm/b1.map');
  assert.equal(map.statusCode, 200);
  assert.equal(map.headers['cache-control'], IMMUTABLE);
  const sources = (JSON.parse(map.body) as { sources: string[] }).sources;
  // math.js is in the chunk the main entry shares with the `./lazy` entry (`sharedBuild.ts`); format.js is its own.
  assert.ok(sources.includes('/npm/esm-only-lib@1.0.0/src/format.js'), sources.join(', '));
});

test('a CommonJS package: named exports detected (module.exports object and exports.x), default is module.exports', async () => {
  const res = await app.inject('/npm/cjs-named@1.0.0/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /cjs-module-lexer/);
  const mod = await loader.import('/npm/cjs-named@1.0.0/+esm/b1');
  assert.equal((mod['greet'] as (n: string) => string)('Ada'), 'Hello, Ada!');
  assert.equal((mod['shout'] as (n: string) => string)('Ada'), 'HELLO, ADA!');
  assert.equal(mod['VERSION'], '1.0.0', 'JSON required from CommonJS');
  assert.equal(mod['debug'], false);
  assert.equal((mod['default'] as { greet: unknown }).greet, mod['greet']);

  const words = await loader.import('/npm/cjs-named@1.0.0/lib/words.js/+esm/b1');
  assert.equal(words['hello'], 'Hello');
  assert.equal((words['count'] as (t: string) => number)('one two  three'), 3);
});

test('CommonJS requiring other packages gets their builds: module.exports of a CommonJS one, the namespace of an ES one', async () => {
  const res = await app.inject('/npm/cjs-consumer@1.0.0/+esm/b1');
  assert.match(res.body, /"\/npm\/cjs-named@1\.0\.0\/\+esm\/b1"/);
  assert.match(res.body, /"\/npm\/esm-only-lib@1\.0\.0\/\+esm\/b1"/);
  const mod = await loader.import('/npm/cjs-consumer@1.0.0/+esm/b1');
  assert.equal((mod['welcome'] as (n: string) => string)('Ada'), 'Hello, Ada! 3.00');
});

test('the browser field swaps files and drops modules; a missing optional package throws only where it is required', async () => {
  const mod = await loader.import('/npm/browser-field-lib@1.0.0/+esm/b1');
  assert.equal(mod['platform'], 'browser');
  assert.equal(mod['hasFs'], false);
  assert.equal(mod['accelerated'], false);
});

test('an optional package that cannot be loaded (no JavaScript, a failed build) fails at the require() inside try, not when the module loads', async () => {
  const res = await app.inject('/npm/optional-dep-user@1.0.0/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers[FAILED], undefined);
  assert.match(res.body, /import\("\/npm\/types-only-lib@4\.26\.0\/\+esm\/b1"\)/, 'the optional packages are imported with import()');
  assert.match(res.body, /from"\/npm\/cjs-named@1\.0\.0\/\+esm\/b1"/, 'a regular dependency keeps its static import');
  const mod = await loader.import('/npm/optional-dep-user@1.0.0/+esm/b1');
  assert.equal(mod['pnp'], null);
  assert.match(
    String(mod['brokenError']),
    /^Cannot load \/npm\/optional-broken@1\.0\.0\/\+esm\/b1, required by optional-dep-user@1\.0\.0: .*could not be built as an ES module/,
  );
  assert.ok((mod['namedKeys'] as string[]).length > 0);
});

test('package.json imports (#names) resolve inside the package as Node resolves them, with the browser conditions', async () => {
  const res = await app.inject('/npm/subpath-imports-lib@6.0.0/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 400));
  assert.doesNotMatch(res.body, /#ansi-styles|#supports-color|#internal/, 'no subpath import is left for the browser to resolve');
  const mod = await loader.import('/npm/subpath-imports-lib@6.0.0/+esm/b1');
  assert.equal(mod['where'], 'browser', 'the default condition, not node');
  assert.equal(mod['level'], 1);
  assert.equal((mod['red'] as (t: string) => string)('x'), '\u001B[31mx\u001B[39m', 'a plain mapping and a * pattern');
  assert.equal(mod['joined'], 'a/b', 'a mapping to a built-in gets its browser stand-in');
});

test('the build targets ES2022: an ES module naming its require() value with a string export name builds, and require() of it gives that value', async () => {
  const lib = await app.inject('/npm/string-export-lib@9.0.0/+esm/b1');
  assert.equal(lib.headers[FAILED], undefined, lib.body.slice(0, 400));
  const mod = await loader.import('/npm/string-export-lib@9.0.0/+esm/b1');
  assert.deepEqual((mod['module.exports'] as (t: string) => string[])('a b'), ['a', ' ', 'b']);
  assert.equal(mod['default'], mod['module.exports']);
  const user = await loader.import('/npm/string-export-user@1.0.0/+esm/b1');
  assert.equal((user['count'] as (t: string) => number)('one two three'), 3);
});

test('CommonJS whose module.exports is a JSON file: its top-level keys are named exports, those that are no identifier as strings', async () => {
  const mod = await loader.import('/npm/json-exports-lib@14.0.0/+esm/b1');
  assert.deepEqual(mod['builtin'], { Array: false, Promise: false });
  assert.deepEqual(mod['browser'], { document: false, window: false });
  assert.equal(mod['es5'], (mod['default'] as Record<string, unknown>)['es5']);
  assert.deepEqual((mod['default'] as Record<string, unknown>)['shared-node-browser'], { console: false });
  assert.deepEqual(mod['shared-node-browser'], { console: false });
  assert.deepEqual(Object.keys(mod).sort(), ['browser', 'builtin', 'default', 'es5', 'shared-node-browser']);

  // The JSON file itself as a module: its keys are its exports.
  const json = await loader.import('/npm/json-exports-lib@14.0.0/globals.json/+esm/b1');
  assert.deepEqual(json['es5'], { Array: false });
  assert.deepEqual(json['default'], mod['default'] as Record<string, unknown>);
});

test('a package without JavaScript (types only, CSS only) or a file that is not JavaScript is a 404 that says why, not a module', async () => {
  const cases: Array<[string, string]> = [
    [
      '/npm/types-only-lib@4.26.0/+esm/b1',
      'types-only-lib@4.26.0 has no JavaScript entry point (it ships TypeScript declarations only), so it has no ES module (+esm).',
    ],
    [
      '/npm/css-only@1.0.0/+esm/b1',
      'css-only@1.0.0 has no JavaScript entry point (no exports, module, jsnext:main or main field names a JavaScript file, and there is no index.js), so it has no ES module (+esm).',
    ],
    [
      '/npm/css-only@1.0.0/dist/css-only.css/+esm/b1',
      '/dist/css-only.css of css-only@1.0.0 is not JavaScript, so it has no ES module (+esm); load it as a file instead.',
    ],
  ];
  for (const [url, text] of cases) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 404, url);
    assert.equal(res.body, text, url);
    assert.equal(res.headers['cache-control'], SHORT, url);
    assert.equal(res.headers[FAILED], undefined, url);
  }
  const range = await app.inject('/npm/types-only-lib@4/+esm');
  assert.equal(range.statusCode, 404);
  assert.match(range.body, /types-only-lib@4\.26\.0 has no JavaScript entry point/);
});

test('exports conditions: the browser file, subpaths and * patterns', async () => {
  const main = await loader.import('/npm/conditions-lib@1.0.0/+esm/b1');
  assert.equal(main['environment'], 'browser');
  const feature = await loader.import('/npm/conditions-lib@1.0.0/feature/+esm/b1');
  assert.equal(feature['feature'], 'imported');
  const slug = await loader.import('/npm/conditions-lib@1.0.0/utils/slug/+esm/b1');
  assert.equal((slug['slugify'] as (t: string) => string)('Hello World'), 'hello-world');
  const types = await app.inject('/npm/conditions-lib@1.0.0/+esm/b1');
  assert.equal(types.headers['x-typescript-types'], 'http://cdn.test/npm/conditions-lib@1.0.0/index.d.ts');
});

test('two packages depending on the same React range import the same URL, so a page gets one copy', async () => {
  const a = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1');
  const b = await app.inject('/npm/react-widget-b@1.0.0/+esm/b1');
  // widget-a declares the range as a peer dependency (its devDependency pins another version), widget-b as a dependency.
  assert.match(a.body, /"\/npm\/mini-react@18\.3\.1\/\+esm\/b1"/);
  assert.match(a.body, /"\/npm\/mini-react@18\.3\.1\/jsx-runtime\/\+esm\/b1"/);
  assert.match(b.body, /"\/npm\/mini-react@18\.3\.1\/\+esm\/b1"/);
  assert.doesNotMatch(a.body + b.body, /mini-react@(18\.2\.0|19)/);
  assert.match(b.body, /Original file: \/npm\/react-widget-b@1\.0\.0\/esm\/index\.js/, 'module wins over main');

  const widgetA = await loader.import('/npm/react-widget-a@1.0.0/+esm/b1');
  const widgetB = await loader.import('/npm/react-widget-b@1.0.0/+esm/b1');
  assert.ok(widgetA['reactDispatcher'], 'the dispatcher is exported');
  assert.equal(widgetA['reactDispatcher'], widgetB['reactDispatcher'], 'one instance of the shared library');
  const card = (widgetB['Card'] as (t: string) => { type: string; props: { children: string[] } })('Title');
  assert.deepEqual([card.type, card.props.children], ['section', ['Title']]);
  assert.equal((widgetA['Label'] as (t: string) => { type: string })('x').type, 'span');
});

test('import.meta.url keeps pointing at the original file, so a sibling .wasm loads from the CDN', async () => {
  const mod = await loader.import('/npm/wasm-adder@1.0.0/+esm/b1');
  const wasmUrl = new URL((mod['wasmUrl'] as () => string)());
  assert.equal(wasmUrl.pathname, '/npm/wasm-adder@1.0.0/lib/adder.wasm');
  const wasm = await app.inject(wasmUrl.pathname);
  assert.equal(wasm.statusCode, 200);
  assert.equal(wasm.headers['content-type'], 'application/wasm');
  const exports = await (mod['instantiate'] as (b: Buffer) => Promise<{ add: (a: number, b: number) => number }>)(wasm.rawPayload);
  assert.equal(exports.add(2, 3), 5);
});

test('Node built-ins: path and events get browser stand-ins, fs throws a clear error when used', async () => {
  const mod = await loader.import('/npm/node-builtins-user@1.0.0/+esm/b1');
  assert.equal(mod['joined'], 'assets/logo.svg');
  assert.equal(mod['extension'], '.jpeg');
  assert.equal((mod['emitOnce'] as (v: string) => string)('first'), 'first');
  assert.throws(() => (mod['readConfig'] as (f: string) => unknown)('/etc/config.json'), {
    message: 'The Node.js built-in module "fs" is not available in browsers; node-builtins-user@1.0.0 needs it for this operation.',
  });
});

test('Node built-ins with a maintained polyfill (buffer, stream, string_decoder, os) import its build from the CDN at one pinned version, usable while the package loads', async () => {
  const mod = await loader.import('/npm/node-polyfills-user@1.0.0/+esm/b1');
  assert.equal(mod['greeting'], 'hello');
  assert.deepEqual(mod['safeBytes'], [1, 1, 1], 'safe-buffer subclasses the polyfill Buffer when it loads');
  assert.notEqual(mod['BufferClass'], globalThis.Buffer, "the browser's Buffer is the polyfill's, not Node's");
  assert.equal(mod['eol'], '\n');
  assert.equal(mod['knowsFs'], true, 'module.builtinModules lists the built-ins');
  const euro = [...Buffer.from('€ok')];
  assert.equal((mod['decodeSplit'] as (b: number[], at: number) => string)(euro, 1), '€ok', 'string_decoder keeps a split character');
  assert.equal(await (mod['upper'] as (c: string[]) => Promise<string>)(['ab', 'c']), 'ABC', 'a stream Transform pipes');
  assert.throws(
    () => (mod['loadFile'] as (f: string) => unknown)('./x.json'),
    /createRequire is not available in browsers; node-polyfills-user@1\.0\.0 needs it/,
  );
  assert.throws(() => (mod['assertEqual'] as (a: unknown, b: unknown) => void)({ a: [1] }, { a: [2] }), { name: 'AssertionError' });
  for (const url of [
    '/npm/buffer@6.0.3/+esm/b1',
    '/npm/readable-stream@3.6.2/+esm/b1',
    '/npm/string_decoder@1.3.0/+esm/b1',
    '/npm/os-browserify@0.3.0/+esm/b1',
  ])
    assert.ok(loader.fetched.includes(url), `${url} is imported: ${loader.fetched.join(', ')}`);
  const built = (await app.inject('/npm/node-polyfills-user@1.0.0/+esm/b1')).body;
  assert.doesNotMatch(built, /is not available in browsers; node-polyfills-user@1\.0\.0 needs it/, 'no built-in it uses is left as a module that throws');
});

test('safe-buffer, readable-stream and string_decoder themselves import and work', async () => {
  const safe = await loader.import('/npm/safe-buffer@5.2.1/+esm/b1');
  assert.equal((safe['Buffer'] as typeof Buffer).from('hi').toString('base64'), 'aGk=');
  const stream = await loader.import('/npm/readable-stream@3.6.2/+esm/b1');
  const { PassThrough } = stream as { PassThrough: new () => NodeJS.ReadWriteStream };
  const through = new PassThrough();
  const read = new Promise<string>((resolve) => through.on('data', (d: { toString(): string }) => resolve(d.toString())));
  through.write('data');
  assert.equal(await read, 'data');
  const decoder = await loader.import('/npm/string_decoder@1.3.0/+esm/b1');
  assert.equal(typeof decoder['StringDecoder'], 'function');
});

test('main is built instead of the module field when it exports names the ES module lacks (punycode), as Node loads main', async () => {
  const res = await app.inject('/npm/punycode-like@1.0.0/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /^ \* Original file: \/npm\/punycode-like@1\.0\.0\/punycode\.js$/m);
  const mod = await loader.import('/npm/punycode-like@1.0.0/+esm/b1');
  assert.deepEqual(Object.keys(mod).sort(), ['decode', 'default', 'encode', 'ucs2', 'version']);
  assert.equal(mod['version'], '1.0.0');
  assert.equal((mod['encode'] as (s: string) => string)('abc'), 'xn--abc');

  const superset = await app.inject('/npm/punycode-like@2.0.0/+esm/b1');
  assert.match(superset.body, /^ \* Original file: \/npm\/punycode-like@2\.0\.0\/punycode\.es6\.js$/m, 'the ES module when it has every name main has');
});

test('browser field maps: a file named without its extension is swapped, a file mapped to false is empty, a package mapped to a file of the package is that file', async () => {
  const mod = await loader.import('/npm/browser-swap-lib@1.0.0/+esm/b1');
  assert.equal(mod['runtime'], 'browser');
  assert.deepEqual(mod['nodeOnlyKeys'], []);
  assert.equal(mod['socket'], 'browser-ws');
  const built = (await app.inject('/npm/browser-swap-lib@1.0.0/+esm/b1')).body;
  assert.doesNotMatch(built, /child_process/, 'the Node file is not in the build');
});

test("export * of another package below the entry keeps every name of that package, and a name of the package's own still wins", async () => {
  const mod = await loader.import('/npm/star-reexport-lib@1.0.0/+esm/b1');
  assert.equal((mod['total'] as (v: number[]) => string)([1, 2]), '3.00', 'a name of the re-exported package');
  assert.equal(typeof mod['loadStatistics'], 'function');
  assert.equal(mod['local'], 'local');
  assert.equal(mod['own'], 'own');
  assert.equal(mod['name'], 'star-reexport-lib');
  assert.match((await app.inject('/npm/star-reexport-lib@1.0.0/+esm/b1')).body, /export\*from"\/npm\/esm-only-lib@1\.0\.0\/\+esm\/b1"/);
});

test('a package that cannot be built answers with a module that throws why, cached for 60 seconds, built again only after that', async () => {
  const url = '/npm/broken-syntax@1.0.0/+esm/b1';
  const failedBefore = await buildCount(app, 'failed');
  const res = await app.inject(url);
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(res.headers['cache-control'], SHORT);
  assert.equal(res.headers[FAILED], 'failed');
  await assert.rejects(loader.import(url), (error: Error) => {
    assert.ok(error.message.startsWith(`[${BRAND.name}] /npm/broken-syntax@1.0.0/+esm/b1 could not be built as an ES module: /index.js:6:`), error.message);
    assert.match(error.message, /Expected/);
    return true;
  });
  const again = await app.inject(url);
  assert.equal(again.body, res.body);
  assert.equal(await buildCount(app, 'failed'), failedBefore + 1, 'the failure is remembered, not rebuilt at once');
  assert.equal((await app.inject('/npm/broken-syntax@1.0.0/+esm/b1.map')).statusCode, 404);
});

test('a dependant of a package that cannot be built fails with the URL of that package and the real cause, not a missing export', async () => {
  const failing = await app.inject('/npm/failing-dep@8.0.6/+esm/b1');
  assert.equal(failing.statusCode, 200);
  assert.equal(failing.headers[FAILED], 'failed');
  assert.equal(failing.headers['cache-control'], SHORT, 'a failure is not cached for long');
  const user = await app.inject('/npm/failing-dep-user@1.0.0/+esm/b1');
  assert.equal(user.headers[FAILED], undefined, 'the dependant itself builds');
  assert.match(user.body, /"\/npm\/failing-dep@8\.0\.6\/\+esm\/b1"/);
  await assert.rejects(loader.import('/npm/failing-dep-user@1.0.0/+esm/b1'), (error: Error) => {
    assert.ok(error.message.startsWith(`[${BRAND.name}] /npm/failing-dep@8.0.6/+esm/b1 could not be built as an ES module: `), error.message);
    assert.match(
      error.message,
      /failing-dep@8\.0\.6 imports "unpublished-helper-package" \(\^1\.0\.0\), which cannot be resolved: Failed to fetch version info for unpublished-helper-package\./,
    );
    return true;
  });

  // When the package's own files do not parse, the names come from the entry's own export statements.
  const broken = await app.inject('/npm/failing-dep@8.0.6/broken/+esm/b1');
  assert.equal(broken.headers[FAILED], 'failed');
  assert.match(broken.body, /^export \{ unavailable as "default", unavailable as "isKeyword", unavailable as "parse", unavailable as "ready" \};$/m);
  await assert.rejects(loader.import('/npm/failing-dep@8.0.6/broken/+esm/b1'), /could not be built as an ES module: \/lib\/parse\.js:6:/);
});

test('a build over the time limit is stopped and answers a clear failure', async () => {
  const limited = await buildCdnApp(testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url }), { store, requestLog: false, esm: { timeoutMs: 1 } });
  try {
    const res = await limited.inject('/npm/cjs-named@1.0.0/lib/words.js/+esm/b1');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], SHORT);
    assert.match(res.body, /took longer than 0\.001 seconds and was stopped/);
  } finally {
    await limited.close();
  }
});

test('ranges and tags resolve like any file (short cache) to a module re-exporting the exact version, so both URLs share one instance', async () => {
  for (const requested of ['18', '^18.0.0', '~18.3']) {
    const res = await app.inject(`/npm/mini-react@${encodeURIComponent(requested)}/+esm`);
    assert.equal(res.statusCode, 200, requested);
    assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8', requested);
    assert.equal(res.headers['cache-control'], ALIAS, requested);
    assert.equal(res.headers[VERSION], '18.3.1', requested);
    assert.equal(
      withoutBanner(res.body),
      'export * from "/npm/mini-react@18.3.1/+esm/b1";\nexport { default } from "/npm/mini-react@18.3.1/+esm/b1";\n',
      requested,
    );
  }
  const latest = await app.inject('/npm/mini-react/+esm');
  assert.equal(latest.headers[VERSION], '19.0.0');
  assert.equal(latest.headers['cache-control'], ALIAS);
  assert.match(latest.body, /"\/npm\/mini-react@19\.0\.0\/\+esm\/b1"/);
  assert.equal((await app.inject('/npm/mini-react@latest/+esm')).headers[VERSION], '19.0.0');
  const subpath = await app.inject('/npm/mini-react@18/jsx-runtime/+esm');
  assert.match(withoutBanner(subpath.body), /^export \* from "\/npm\/mini-react@18\.3\.1\/jsx-runtime\/\+esm\/b1";/);

  // A page importing the range and a package importing the exact version get the same module.
  const byRange = await loader.import('/npm/mini-react@18/+esm');
  const widget = await loader.import('/npm/react-widget-a@1.0.0/+esm/b1');
  assert.equal(byRange['dispatcher'], widget['reactDispatcher']);
  assert.equal((byRange['default'] as { version: string }).version, '18.3.1');
  // A build without a default export is re-exported without one.
  assert.equal(withoutBanner((await app.inject('/npm/esm-only-lib@1/+esm')).body), 'export * from "/npm/esm-only-lib@1.0.0/+esm/b1";\n');
});

test('served like a file: ETag and 304, compression, HEAD', async () => {
  const url = '/npm/node-builtins-user@1.0.0/+esm/b1';
  const plain = await app.inject(url);
  const etag = String(plain.headers['etag']);
  assert.ok(etag);
  const notModified = await app.inject({ url, headers: { 'if-none-match': etag } });
  assert.equal(notModified.statusCode, 304);
  const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), plain.body);
  const head = await app.inject({ url, method: 'HEAD' });
  assert.equal(head.statusCode, 200);
  assert.equal(head.body, '');
});

test('simultaneous first requests for one build share it: one build', async () => {
  // The version's entry points are decided once, by its main entry's build: not counted here.
  assert.equal((await app.inject('/npm/mini-react@18.2.0/+esm/b1')).statusCode, 200);
  const before = await buildCount(app, 'built');
  const responses = await Promise.all(Array.from({ length: 25 }, () => app.inject('/npm/mini-react@18.2.0/jsx-runtime/+esm/b1')));
  assert.ok(responses.every((r) => r.statusCode === 200));
  assert.equal(new Set(responses.map((r) => r.body)).size, 1);
  assert.equal(await buildCount(app, 'built'), before + 1);
});

test('builds are stored on disk: a restarted service serves them without building again', async () => {
  const first = await app.inject('/npm/typed-lib@1.0.0/+esm/b1');
  const restarted = await buildCdnApp(config, { store, requestLog: false });
  try {
    const res = await restarted.inject('/npm/typed-lib@1.0.0/+esm/b1');
    assert.equal(res.body, first.body);
    assert.equal(await buildCount(restarted, 'built'), 0);
  } finally {
    await restarted.close();
  }
});

test('unknown packages, versions and files, and bad names, answer like any file', async () => {
  const cases: Array<[string, number, string]> = [
    ['/npm/no-such-package-here@1.0.0/+esm/b1', 404, 'Failed to fetch version info for no-such-package-here.'],
    ['/npm/esm-only-lib@9.9.9/+esm/b1', 404, "Couldn't find the requested release version 9.9.9."],
    ['/npm/esm-only-lib@1.0.0/nope.js/+esm/b1', 404, "Couldn't find the requested file /nope.js."],
  ];
  for (const [url, status, text] of cases) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, status, url);
    assert.equal(res.body, text, url);
    assert.equal(res.headers['cache-control'], SHORT, url);
  }
  const bad = await app.inject('/npm/Bad%20Name@1/+esm');
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /^Invalid package name/);
});

test('a build waiting on a hung registry never holds up plain files, and ends with a clear failure instead of hanging', async () => {
  const slowRegistry = await startFixtureRegistry();
  const slowConfig = testConfig({}, { SKYLIFT_NPM_REGISTRY: slowRegistry.url, SKYLIFT_UPSTREAM_TIMEOUT_MS: '1500' });
  const slowStore = await createPackageStore(slowConfig);
  const slowApp = await buildCdnApp(slowConfig, { store: slowStore, requestLog: false });
  try {
    assert.equal((await slowApp.inject('/npm/cjs-consumer@1.0.0/index.js')).statusCode, 200);
    // The build needs the document of its dependency cjs-named, which the registry now never answers.
    slowRegistry.setFailure({ mode: 'hang', match: (p: string) => p === '/cjs-named' });
    let buildDone = false;
    const build = slowApp.inject('/npm/cjs-consumer@1.0.0/+esm/b1').then((res) => {
      buildDone = true;
      return res;
    });
    const plain = await slowApp.inject('/npm/tiny-lib@1.1.0/dist/tiny.js');
    assert.equal(plain.statusCode, 200);
    assert.equal(buildDone, false, 'the plain file was answered while the build waited');
    const res = await build;
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], SHORT);
    assert.match(res.body, /cjs-consumer@1\.0\.0 imports \\"cjs-named\\" \(\^1\.0\.0\), which cannot be resolved: Timed out fetching/);
  } finally {
    slowRegistry.setFailure(null);
    await slowApp.close();
    await slowStore.close();
    await slowRegistry.close();
  }
});
