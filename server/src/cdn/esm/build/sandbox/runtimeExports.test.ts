/**
 * CommonJS named exports as Node gives them, through the real CDN app, package layer and fixture registry:
 * packages shaped like lodash, debug, pako 1, picomatch, a bundler's output (cheerio) and semver, whose
 * names the lexer cannot read, export every name Node's own `require()` and `import()` of the same files
 * give, and the values work. Each case also checks that the lexer alone misses names, so that it would
 * fail without the sandbox.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { FIXTURE_PACKAGES_DIR } from '../../../../../test/fixtures/upstream/index.ts';
import { startEsmApp, type EsmApp } from '../../testing/esmApp.ts';
import type { ModuleLoader } from '../../testing/importBuilt.ts';
import { cjsExports, exportableName } from '../cjsExports.ts';
import { dirnameOf, joinPackagePath, probeFile } from '../../resolve/entry.ts';

let app: FastifyInstance;
let loader: ModuleLoader;

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
  ({ app, loader } = esm);
});
after(() => esm.close());

const sortedNames = (keys: Iterable<string>): string[] => [...new Set([...keys].filter(exportableName))].sort();

/** What Node itself gives for the fixture's file: the keys of `require()` and the names of `import()`, as build exports. */
async function nodeNames(spec: string, entry: string): Promise<{ required: string[]; imported: string[] }> {
  const file = path.join(FIXTURE_PACKAGES_DIR, spec, entry);
  const required = Object.keys(createRequire(import.meta.url)(file) as object);
  const imported = Object.keys((await import(pathToFileURL(file).href)) as object);
  return { required: sortedNames(required), imported: sortedNames(imported) };
}

/** The names the lexer alone finds for the fixture's file, following relative re-exports. */
async function lexerNames(spec: string, entry: string): Promise<string[]> {
  const dir = path.join(FIXTURE_PACKAGES_DIR, spec);
  const has = { has: (p: string) => fs.statSync(path.join(dir, p), { throwIfNoEntry: false })?.isFile() === true };
  const read = (file: string): string => fs.readFileSync(path.join(dir, file), 'utf8');
  const found = await cjsExports(entry, read(entry), {
    read: (from, specifier) => {
      const joined = specifier.startsWith('.') ? joinPackagePath(dirnameOf(from), specifier) : null;
      const file = joined ? probeFile(has, joined) : null;
      return Promise.resolve(file ? { file, source: read(file) } : null);
    },
  });
  return found.names;
}

/** Builds the fixture, checks its names against Node's and the lexer's, and answers the module. */
async function importAndCompare(spec: string, entry: string): Promise<Record<string, unknown>> {
  const res = await app.inject(`/npm/${spec.replace('/', '@')}/+esm`);
  assert.equal(res.statusCode, 200, res.body);
  const mod = await loader.import(`/npm/${spec.replace('/', '@')}/+esm`);
  const exported = sortedNames(Object.keys(mod));
  const node = await nodeNames(spec, entry);
  for (const name of node.required) assert.ok(exported.includes(name), `${spec}: require() gives ${name}, the build does not export it`);
  // Every name is one Node gives, through require() or through import() (which uses the lexer).
  assert.deepEqual(exported, sortedNames([...node.required, ...node.imported]), `${spec}: exports differ from Node's`);
  const lexed = await lexerNames(spec, entry);
  assert.ok(
    node.required.some((name) => !lexed.includes(name)),
    `${spec}: the lexer alone already names everything, so this case does not show the sandbox`,
  );
  return mod;
}

test('CommonJS named exports include every key of an object literal assigned to module.exports, whatever its value', async () => {
  const mod = await loader.import('/npm/object-exports-lib@2.0.6/+esm/b1');
  // The computed key is read by evaluating the module, as require() gives it.
  // `has-dash` is no identifier: exported as a string name (`export { x as "has-dash" }`), as ES2022 allows.
  assert.deepEqual(Object.keys(mod).sort(), ['Cache', 'computedKey', 'default', 'forEach', 'getter', 'has-dash', 'join', 'normalizePath', 'setter', 'split']);
  assert.equal((mod['getter'] as (p: string) => (d: unknown) => unknown)('a.b')({ a: { b: 7 } }), 7);
  assert.equal((mod['join'] as (s: string[]) => string)(['a', '0', 'b']), 'a[0].b');
  const seen: string[] = [];
  (mod['forEach'] as (p: string, cb: (part: string) => void) => void)('x.y', (part) => seen.push(part));
  assert.deepEqual(seen, ['x', 'y']);
  assert.equal((mod['default'] as Record<string, unknown>)['has-dash'], true, 'keys that are not names stay on default');
});

test('lodash-like: methods attached to a function at run time and exported through a guarded free module are named', async () => {
  const mod = await importAndCompare('runtime-exports-lib/4.17.21', '/lodash.js');
  assert.deepEqual(sortedNames(Object.keys(mod)), ['VERSION', '_', 'chunk', 'compact', 'head', 'last', 'sum']);
  assert.deepEqual((mod['chunk'] as (a: number[], n: number) => number[][])([1, 2, 3], 2), [[1, 2], [3]]);
  assert.equal((mod['last'] as (a: number[]) => number)([1, 2, 3]), 3);
  assert.equal(mod['VERSION'], '4.17.21');
  assert.equal(mod['_'], mod['default']);
});

test('debug-like: a function set up by another module, with the environment copied onto it, exports every name', async () => {
  const mod = await importAndCompare('debug-like/4.4.3', '/src/index.js');
  for (const name of ['enable', 'enabled', 'coerce', 'humanize', 'names', 'formatters', 'formatArgs']) assert.ok(name in mod, name);
  (mod['enable'] as (n: string) => void)('app');
  assert.equal((mod['enabled'] as (n: string) => boolean)('app'), true);
  assert.equal(typeof (mod['formatters'] as Record<string, unknown>)['j'], 'function');
});

test('pako@1-like: an object filled by a helper from three modules exports Inflate, Deflate and the constants', async () => {
  const mod = await importAndCompare('pako-like/1.0.11', '/index.js');
  const Inflate = mod['Inflate'] as new () => { push(d: string): boolean; result: unknown };
  const inflater = new Inflate();
  inflater.push('data');
  assert.equal(inflater.result, 'data');
  assert.equal(mod['Z_FINISH'], 4);
  assert.equal(typeof mod['deflate'], 'function');
});

test('picomatch-like: a function given its methods with Object.assign exports them', async () => {
  const mod = await importAndCompare('picomatch-like/4.0.3', '/index.js');
  assert.equal((mod['isMatch'] as (s: string, g: string) => boolean)('a.js', '*.js'), true);
  assert.deepEqual(mod['constants'], { MAX_LENGTH: 65536, SEP: '/' });
});

test('cheerio-like: getters defined in a loop by a bundler helper, with no annotation for the lexer, export load', async () => {
  const mod = await importAndCompare('cheerio-like/1.0.0-rc.12', '/lib/index.js');
  const $ = (mod['load'] as (html: string) => { html(): string })('<p>hi</p>');
  assert.equal($.html(), '<p>hi</p>');
  assert.equal((mod['merge'] as (a: number[], b: number[]) => number[])([1], [2]).length, 2);
});

test('semver-like: member-expression values and a spread of another module are all named', async () => {
  const mod = await importAndCompare('semver-like/7.8.6', '/index.js');
  assert.equal((mod['major'] as (v: string) => number)('7.8.6'), 7);
  assert.equal((mod['compare'] as (a: string, b: string) => number)('1.2.3', '1.2.4'), -1);
  assert.equal(mod['SEMVER_SPEC_VERSION'], '2.0.0');
});

test("http-errors-like: names computed at load time from a dependency's data are named; its dependencies are their browser versions, as a page gets them", async () => {
  // Node's own reference: both packages installed side by side, as npm lays them out.
  const installed = fs.mkdtempSync(path.join(os.tmpdir(), 'http-errors-like-'));
  try {
    for (const spec of ['http-errors-like/2.0.0', 'statuses-like/2.0.1', 'depd-like/2.0.0'])
      fs.cpSync(path.join(FIXTURE_PACKAGES_DIR, spec), path.join(installed, 'node_modules', spec.split('/')[0]!), { recursive: true });
    const file = path.join(installed, 'node_modules', 'http-errors-like', 'index.js');
    const required = sortedNames(Object.keys(createRequire(import.meta.url)(file) as object));
    const imported = sortedNames(Object.keys((await import(pathToFileURL(file).href)) as object));
    // Node names each class by its status code too ('404'), which the build exports as a string name.
    assert.deepEqual(required, ['404', '418', '500', 'HttpError', 'ImATeapot', 'InternalServerError', 'NotFound']);

    const res = await app.inject('/npm/http-errors-like@2.0.0/+esm/b1');
    assert.equal(res.statusCode, 200, res.body);
    const mod = await loader.import('/npm/http-errors-like@2.0.0/+esm/b1');
    assert.deepEqual(sortedNames(Object.keys(mod)), sortedNames([...required, ...imported]));
    const NotFound = mod['NotFound'] as new () => Error & { status: number };
    assert.equal(new NotFound().status, 404);
    assert.equal(new NotFound().message, 'Not Found');
    // The lexer sees HttpError only: the other names come from evaluating statuses-like's data, beside
    // depd-like's browser version (its Node version reads V8's call sites, which the sandbox has not).
    assert.deepEqual(await lexerNames('http-errors-like/2.0.0', '/index.js'), ['HttpError']);
  } finally {
    fs.rmSync(installed, { recursive: true, force: true });
  }
});

test('esquery-like: a module entry whose CommonJS main is a minified UMD file names what Node gives, read by evaluating main', async () => {
  const mod = await importAndCompare('umd-main-lib/1.7.0', '/dist/umd-main-lib.min.js');
  assert.deepEqual(sortedNames(Object.keys(mod)), ['matches', 'parse', 'query']);
  assert.deepEqual((mod['parse'] as (s: string) => unknown)('Identifier'), { type: 'identifier', value: 'Identifier' });
});

test('express-like: CommonJS exports named by reserved words (static, delete) are exported by name', async () => {
  const node = await nodeNames('reserved-names-lib/1.0.0', '/index.js');
  assert.deepEqual(node.required, ['delete', 'json', 'static']);
  const res = await app.inject('/npm/reserved-names-lib@1.0.0/+esm/b1');
  assert.equal(res.statusCode, 200, res.body);
  const mod = await loader.import('/npm/reserved-names-lib@1.0.0/+esm/b1');
  assert.deepEqual(sortedNames(Object.keys(mod)), ['delete', 'json', 'static']);
  assert.equal((mod['static'] as (root: string) => string)('public'), 'static:public');
  assert.equal((mod['delete'] as (key: string) => string)('a'), 'deleted:a');
});

test('tmp-like: a name whose getter throws in a browser (it reads the file system) is exported as undefined, and the module loads', async () => {
  const res = await app.inject('/npm/getter-export-lib@0.2.7/+esm/b1');
  assert.equal(res.statusCode, 200, res.body);
  const mod = await loader.import('/npm/getter-export-lib@0.2.7/+esm/b1');
  assert.deepEqual(sortedNames(Object.keys(mod)), ['tmpName', 'tmpdir']);
  assert.equal(mod['tmpdir'], undefined);
  assert.equal((mod['tmpName'] as (prefix: string) => string)('x'), 'x-1');
});
