/**
 * Package shapes whose modules failed or lost names, through the real CDN app and the fixture registry, each
 * build evaluated in Node with its imports served by the same app: a file requiring the package's own root
 * (htmlparser2 3), an entry re-exporting another package with `export *` beside a `require` file copying its
 * names (redux-saga 1.2), a package whose every file has an `.mjs` twin (graphql 16), and CommonJS names that
 * are no identifier (webidl-conversions, mime-db, globals).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILD_FAILED_HEADER } from '../serve/serveEsm.ts';
import { esmAppPerFile } from '../testing/esmApp.ts';

const FAILED = BUILD_FAILED_HEADER.toLowerCase();

const esm = esmAppPerFile();

type StreamLike = { write(text: string): void; seen: string[] };

test('a file requiring the package root (`require("../")`, htmlparser2 3) builds: the root is the folder its package.json names the main file of', async () => {
  const res = await esm.app.inject('/npm/root-require-lib@3.0.0/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
  const mod = await esm.loader.import('/npm/root-require-lib@3.0.0/+esm/b1');
  const Stream = mod['Stream'] as new () => StreamLike;
  const stream = new Stream();
  stream.write('hi');
  assert.deepEqual(stream.seen, ['text:hi', 'end'], 'Stream.js read EVENTS from the package root, lib/index.js');

  // The file itself, built alone, reaches the root the same way.
  const file = await esm.app.inject('/npm/root-require-lib@3.0.0/lib/Stream.js/+esm/b1');
  assert.equal(file.headers[FAILED], undefined, file.body.slice(0, 600));
  const alone = await esm.loader.import('/npm/root-require-lib@3.0.0/lib/Stream.js/+esm/b1');
  assert.equal(typeof alone['default'], 'function');
});

test("an entry re-exporting another package with export * (redux-saga 1.2): that package's names are its own, not read from its default", async () => {
  const mod = await esm.loader.import('/npm/saga-like@1.2.0/+esm/b1');
  assert.equal(typeof mod['eventChannel'], 'function', 'eventChannel comes from @skylift-fixtures/saga-core, not undefined');
  assert.equal(typeof mod['channel'], 'function');
  assert.deepEqual(mod['END'], { type: '@@saga/END' });
  assert.equal(typeof mod['default'], 'function');
  const chan = (mod['eventChannel'] as (subscribe: (emit: (v: number) => void) => () => void) => { take(): number })((emit) => {
    emit(7);
    return () => undefined;
  });
  assert.equal(chan.take(), 7);

  // The names are in the build's list of exports: `?exports` keeps one of them.
  const some = await esm.app.inject('/npm/saga-like@1.2.0/+esm/b1?exports=eventChannel');
  assert.equal(some.statusCode, 200, some.body);
  const kept = await esm.loader.import('/npm/saga-like@1.2.0/+esm/b1?exports=eventChannel');
  assert.equal(typeof kept['eventChannel'], 'function');
});

test('a package shipping each file as CommonJS and as an .mjs twin (graphql 16): a subpath is its twin, one instance of the package on a page', async () => {
  const sub = await esm.loader.import('/npm/graphql-like@16.6.0/graphql/+esm/b1');
  assert.deepEqual(Object.keys(sub).sort(), ['graphql', 'graphqlSync'], 'the ES module twin: no __esModule or default of the CommonJS file');
  const main = await esm.loader.import('/npm/graphql-like@16.6.0/+esm/b1');
  const Schema = main['GraphQLSchema'] as new (config: { query: Record<string, () => string> }) => object;
  const schema = new Schema({ query: { hello: () => 'world' } });
  // The subpath's function checks `instanceof` against the class the main entry gave: one GraphQLSchema.
  assert.deepEqual((sub['graphqlSync'] as (a: object) => unknown)({ schema, source: '{ hello }' }), { data: { hello: 'world' } });
  assert.deepEqual(await (sub['graphql'] as (a: object) => Promise<unknown>)({ schema, source: '{ hello }' }), { data: { hello: 'world' } });
  assert.ok(esm.loader.fetched.includes('/npm/graphql-like@16.6.0/graphql.mjs/+esm/b1'), esm.loader.fetched.join(', '));

  // The CommonJS file named with its extension is still that file.
  const cjs = await esm.app.inject('/npm/graphql-like@16.6.0/graphql.js/+esm/b1');
  assert.equal(cjs.statusCode, 200);
  assert.match(cjs.body, /Original file: \/npm\/graphql-like@16\.6\.0\/graphql\.js$/m);
});

test('CommonJS names that are no identifier (webidl-conversions, mime-db, globals) are exported as string names', async () => {
  const mod = await esm.loader.import('/npm/string-names-lib@8.0.1/+esm/b1');
  assert.deepEqual(Object.keys(mod).sort(), ['DOMString', 'boolean', 'default', 'long long', 'unsigned short']);
  assert.equal((mod['long long'] as (v: string) => number)('5.7'), 5);
  assert.equal((mod['unsigned short'] as (v: number) => number)(65537), 1);

  const db = await esm.loader.import('/npm/string-names-lib@8.0.1/db.js/+esm/b1');
  assert.deepEqual(Object.keys(db).sort(), ['application/json', 'builtin', 'default', 'react-native', 'text/html']);
  assert.deepEqual((db['application/json'] as { extensions: string[] }).extensions, ['json', 'map']);
  assert.deepEqual(db['react-native'], { __DEV__: false, fetch: false });

  // A target before ES2022 cannot write string names: those are left out, the build is made.
  const old = await esm.app.inject('/npm/string-names-lib@8.0.1/+esm/b1?target=es2018');
  assert.equal(old.headers[FAILED], undefined, old.body.slice(0, 600));
  const lowered = await esm.loader.import('/npm/string-names-lib@8.0.1/+esm/b1?target=es2018');
  assert.deepEqual(Object.keys(lowered).sort(), ['DOMString', 'boolean', 'default']);
  assert.equal((lowered['default'] as Record<string, (v: string) => number>)['long long']!('2'), 2, 'still reachable through default');
});

test('a path written as a template (`require(`./${platform}.js`)`, default-gateway 6) is any of the files of the package it can name, and never a file of the server', async () => {
  const res = await esm.app.inject('/npm/platform-switch-lib@6.0.3/+esm/b1');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
  const mod = await esm.loader.import('/npm/platform-switch-lib@6.0.3/+esm/b1');
  assert.equal((mod['v4'] as () => string)(), 'gateway of linux');
  assert.throws(() => (mod['missing'] as () => unknown)(), { code: 'MODULE_NOT_FOUND', message: "Cannot find module './nowhere.js'" });
  // A dynamic import by a template is an import of that file's own module.
  assert.equal(await (mod['greeting'] as (lang: string) => Promise<string>)('de'), 'hallo');
  // The package has no .ts file; the folder the server runs in has hundreds, none of which may be in a build.
  assert.throws(() => (mod['typescriptSource'] as (name: string) => unknown)('app'));
  assert.doesNotMatch(res.body, /fastify|node:test/);
});

test("an ES module reading a file of its package through createRequire(import.meta.url) (@achingbrain/ssdp 4) gets the file, in a browser's build and in Deno's", async () => {
  for (const query of ['', '?target=deno']) {
    const url = `/npm/own-require-lib@4.2.4/+esm/b1${query}`;
    const res = await esm.app.inject(url);
    assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
    assert.match(res.body, /name:\s*"own-require-lib",\s*version:\s*"4\.2\.4"/, 'the package.json is in the build, as data');
    if (query === '') assert.equal((await esm.loader.import(url))['signature'], 'own-require-lib/4.2.4');
  }
});
