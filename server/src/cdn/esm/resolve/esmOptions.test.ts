/**
 * `+esm` build options through the real CDN app, package layer and fixture registry: `?dev`, `?target`, `?exports`, their
 * canonical order, `?exports`, their source maps, caching per variant, types, the 400 for a bad option, and parameters that are no option ignored.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';
import type { ModuleLoader } from '../testing/importBuilt.ts';
import { optionsQuery, parseEsmOptions } from '../../../cdnUrl/esmOptions.ts';

const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';

let app: FastifyInstance;
let loader: ModuleLoader;

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
  ({ app, loader } = esm);
});
after(() => esm.close());

test('options are written back in one canonical order; the default target is the default build', () => {
  assert.equal(optionsQuery(parseEsmOptions('target=es2018&dev')), '?dev&target=es2018');
  assert.equal(optionsQuery(parseEsmOptions('dev&target=ES2018')), '?dev&target=es2018');
  assert.equal(optionsQuery(parseEsmOptions('target=es2022')), '');
  assert.equal(optionsQuery(parseEsmOptions('')), '');
  assert.equal(optionsQuery(parseEsmOptions('exports=b,a,b&dev')), '?dev&exports=a,b');
});

test('?dev builds the development file with NODE_ENV "development", and its dependency imports are ?dev builds too', async () => {
  const dev = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?dev');
  assert.equal(dev.statusCode, 200, dev.body);
  assert.equal(dev.headers['cache-control'], IMMUTABLE);
  assert.match(dev.body, /development checks on/);
  assert.doesNotMatch(dev.body, /checks off/);
  assert.ok(dev.body.includes('"/npm/mini-react@18.3.1/+esm/b1?dev"'), dev.body);
  assert.match(dev.body, /\/\/# sourceMappingURL=b1\.map\?dev\n$/);

  const prod = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1');
  assert.equal(prod.statusCode, 200);
  assert.match(prod.body, /checks off/);
  assert.doesNotMatch(prod.body, /development checks on/);
  assert.ok(prod.body.includes('"/npm/mini-react@18.3.1/+esm/b1"'), prod.body);
  assert.notEqual(dev.headers['etag'], prod.headers['etag']);

  const built = await loader.import('/npm/dev-build-lib@1.0.0/+esm/b1?dev');
  assert.equal(built['file'], 'development file');
  assert.equal((built['checks'] as () => string)(), 'development checks on');
  assert.equal(typeof built['createElement'], 'function');
  assert.ok(loader.fetched.includes('/npm/mini-react@18.3.1/+esm/b1?dev'), loader.fetched.join(', '));
  const plain = await loader.import('/npm/dev-build-lib@1.0.0/+esm/b1');
  assert.equal(plain['file'], 'production file');
  assert.equal((plain['checks'] as () => string)(), 'checks off');
});

test('?target=es2018 lowers syntax the default build keeps', async () => {
  const modern = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1');
  assert.ok(modern.body.includes('?.'), 'the default build keeps optional chaining');
  const old = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?target=es2018');
  assert.equal(old.statusCode, 200, old.body);
  assert.ok(!old.body.includes('?.') && !old.body.includes('??'), old.body);
  assert.ok(old.body.includes('"/npm/mini-react@18.3.1/+esm/b1?target=es2018"'), old.body);
  const built = await loader.import('/npm/dev-build-lib@1.0.0/+esm/b1?target=es2018');
  assert.equal((built['nameOf'] as (o?: { name: string }) => string)({ name: 'x' }), 'x');
  assert.equal((built['nameOf'] as (o?: { name: string }) => string)(), 'nameless');
});

test('options in any order are one build with one ETag; each variant answers 304 to its own ETag and has its source map', async () => {
  const a = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?dev&target=es2019');
  const b = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?target=es2019&dev');
  assert.equal(a.statusCode, 200, a.body);
  assert.equal(a.body, b.body);
  assert.equal(a.headers['etag'], b.headers['etag']);
  const again = await app.inject({ url: '/npm/dev-build-lib@1.0.0/+esm/b1?dev&target=es2019', headers: { 'if-none-match': String(a.headers['etag']) } });
  assert.equal(again.statusCode, 304);
  const other = await app.inject({ url: '/npm/dev-build-lib@1.0.0/+esm/b1?dev', headers: { 'if-none-match': String(a.headers['etag']) } });
  assert.equal(other.statusCode, 200, 'another variant does not match this ETag');

  assert.match(a.body, /\/\/# sourceMappingURL=b1\.map\?dev&target=es2019\n$/);
  const map = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1.map?dev&target=es2019');
  assert.equal(map.statusCode, 200, map.body);
  assert.equal(map.headers['cache-control'], IMMUTABLE);
  const parsed = map.json<{ sources: string[] }>();
  assert.ok(parsed.sources.includes('/npm/dev-build-lib@1.0.0/dev.js'), parsed.sources.join(', '));
  assert.ok(parsed.sources.includes('/npm/dev-build-lib@1.0.0/shared.js'), parsed.sources.join(', '));
});

test('a range with options re-exports the exact version with the same options', async () => {
  const res = await app.inject('/npm/dev-build-lib@1/+esm?target=es2018&dev');
  assert.equal(res.statusCode, 200, res.body);
  assert.match(res.body, /^export \* from "\/npm\/dev-build-lib@1\.0\.0\/\+esm\/b1\?dev&target=es2018";$/m);
});

test('every variant names the declarations (X-TypeScript-Types)', async () => {
  const plain = await app.inject('/npm/mini-react@18.3.1/+esm/b1');
  const dev = await app.inject('/npm/mini-react@18.3.1/+esm/b1?dev&target=es2020');
  assert.equal(dev.statusCode, 200, dev.body);
  assert.ok(plain.headers['x-typescript-types'], 'mini-react is described by @types/mini-react');
  assert.equal(dev.headers['x-typescript-types'], plain.headers['x-typescript-types']);
  const derived = await app.inject('/npm/mini-react@18.3.1/+esm/b1?bundle&exports=createElement&deps=mini-react@18.3.1');
  assert.equal(derived.statusCode, 200, derived.body);
  assert.equal(derived.headers['x-typescript-types'], plain.headers['x-typescript-types']);
});

test('a query parameter that is no option is ignored, as on file URLs: the same build, no redirect', async () => {
  const plain = await app.inject('/npm/jquery@3.7.1/+esm');
  for (const query of ['v=1', 'minify', 'v=1&v=2', 'utm_source=x%zz', '%zz']) {
    const busted = await app.inject(`/npm/jquery@3.7.1/+esm?${query}`);
    assert.equal(busted.statusCode, 200, query);
    assert.equal(busted.body, plain.body, query);
    assert.equal(busted.headers['etag'], plain.headers['etag'], query);
  }
  const pinned = await app.inject('/npm/jquery@3.7.1/+esm/b1');
  const pinnedBusted = await app.inject('/npm/jquery@3.7.1/+esm/b1?v=1');
  assert.equal(pinnedBusted.statusCode, 200);
  assert.equal(pinnedBusted.body, pinned.body, 'the pinned URL too: the same bytes');
  assert.equal((await app.inject('/npm/jquery@3.7.1/+esm/b1.map?v=1')).statusCode, 200);
  // Kept apart from the options around it: `?dev&v=1` is the development build.
  assert.equal((await app.inject('/npm/dev-build-lib@1.0.0/+esm?dev&v=1')).body, (await app.inject('/npm/dev-build-lib@1.0.0/+esm?dev')).body);
});

test('a known option with a bad value, or given twice, is a 400 naming it', async () => {
  const target = await app.inject('/npm/jquery@3.7.1/+esm?target=es1999');
  assert.equal(target.statusCode, 400);
  // The CDN answers its errors as text, like its other 400s and 404s.
  assert.match(
    target.body,
    /^Unknown \+esm target "es1999": the targets are es2018, es2019, es2020, es2021, es2022, es2023, es2024, esnext, deno \(or denonext\)\.$/,
  );
  assert.equal((await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?target=es5&v=1')).statusCode, 400);
  const dev = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?dev=no');
  assert.equal(dev.statusCode, 400);
  assert.match(dev.body, /The \+esm option "dev" takes no value/);
  assert.equal((await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1.map?target=es5')).statusCode, 400);
  const twice = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?dev&dev');
  assert.equal(twice.statusCode, 400);
  assert.match(twice.body, /The \+esm option "dev" is given more than once/);
  assert.match((await app.inject('/npm/dev-build-lib@1.0.0/+esm?exports=%zz')).body, /Invalid \+esm option "exports": malformed percent-encoding/);
});

test('?exports keeps only the names asked for, tree-shaking the rest; a name the module does not export is a 400 naming it', async () => {
  const full = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1');
  assert.match(full.body, /production file/);
  const res = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?exports=nameOf');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['cache-control'], IMMUTABLE);
  assert.doesNotMatch(res.body, /production file|checks off/, 'what nameOf does not reach is dropped');
  assert.match(res.body, /\/\/# sourceMappingURL=b1\.map\?exports=nameOf\n$/);
  assert.ok(res.body.startsWith('/**\n * Bundled by'), 'the banner stays');
  const built = await loader.import('/npm/dev-build-lib@1.0.0/+esm/b1?exports=nameOf');
  assert.deepEqual(Object.keys(built), ['nameOf']);
  assert.equal((built['nameOf'] as (o?: { name: string }) => string)({ name: 'kept' }), 'kept');

  const both = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?dev&exports=file,checks');
  const reordered = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?exports=checks,file&dev');
  assert.equal(both.statusCode, 200, both.body);
  assert.equal(both.headers['etag'], reordered.headers['etag']);
  assert.match(both.body, /development file/);
  const dev = await loader.import('/npm/dev-build-lib@1.0.0/+esm/b1?dev&exports=file,checks');
  assert.deepEqual(Object.keys(dev).sort(), ['checks', 'file']);
  assert.equal((dev['checks'] as () => string)(), 'development checks on');

  const map = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1.map?exports=nameOf');
  assert.equal(map.statusCode, 200, map.body);
  const sources = map.json<{ sources: string[] }>().sources;
  assert.ok(sources.includes('/npm/dev-build-lib@1.0.0/shared.js'), sources.join(', '));

  const unknown = await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?exports=nameOf,nope');
  assert.equal(unknown.statusCode, 400);
  assert.match(unknown.body, /dev-build-lib@1\.0\.0 does not export "nope" \(\?exports\); its exports are: checks, createElement, file, nameOf\./);
  assert.equal((await app.inject('/npm/dev-build-lib@1.0.0/+esm/b1?exports=')).statusCode, 400);
});

test('?deps pins the version a build imports a package at, for the whole graph: two packages pinned alike share one instance', async () => {
  // Unpinned, react-widget-a's peer range ^18 gives 18.3.1; pinned, both widgets import the pinned build.
  const plain = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1');
  assert.ok(plain.body.includes('"/npm/mini-react@18.3.1/+esm/b1"'), plain.body);
  const pinned = '/npm/mini-react@18.2.0/+esm/b1?deps=mini-react@18.2.0';
  const a = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?deps=mini-react@18.2.0');
  const b = await app.inject('/npm/react-widget-b@1.0.0/+esm/b1?deps=mini-react@18.2.0');
  assert.equal(a.statusCode, 200, a.body);
  assert.equal(a.headers['cache-control'], IMMUTABLE);
  assert.ok(a.body.includes(`"${pinned}"`), a.body);
  assert.ok(b.body.includes(`"${pinned}"`), b.body);
  assert.ok(!a.body.includes('mini-react@18.3.1') && !b.body.includes('mini-react@18.3.1'));

  const widgetA = await loader.import('/npm/react-widget-a@1.0.0/+esm/b1?deps=mini-react@18.2.0');
  const widgetB = await loader.import('/npm/react-widget-b@1.0.0/+esm/b1?deps=mini-react@18.2.0');
  const react = await loader.import(pinned);
  assert.equal(widgetA['reactDispatcher'], react['dispatcher'], 'widget A uses the pinned React');
  assert.ok(loader.fetched.includes(pinned));
  assert.equal(loader.fetched.filter((u) => u.startsWith('/npm/mini-react@') && u.includes('deps=')).length, 2, loader.fetched.join(', '));
  assert.equal(widgetB['reactDispatcher'], react['dispatcher'], 'widget B uses the same React instance');

  const reordered = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?dev&deps=mini-react@18.2.0,tiny-lib@1.0.0');
  const canonical = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?deps=tiny-lib@1.0.0,mini-react@18.2.0&dev');
  assert.equal(reordered.statusCode, 200, reordered.body);
  assert.equal(reordered.headers['etag'], canonical.headers['etag']);
  assert.ok(reordered.body.includes('"/npm/mini-react@18.2.0/+esm/b1?deps=mini-react@18.2.0,tiny-lib@1.0.0&dev"'), reordered.body);
});

test('?deps with a range, a bad name or a version that is not published is a 400 saying which', async () => {
  const range = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?deps=mini-react@^18');
  assert.equal(range.statusCode, 400);
  assert.match(range.body, /"mini-react@\^18" does not pin an exact version/);
  const missing = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?deps=mini-react@9.9.9');
  assert.equal(missing.statusCode, 400);
  assert.match(missing.body, /Invalid \+esm option deps: mini-react@9\.9\.9 cannot be resolved/);
  const unknown = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?deps=no-such-fixture-package@1.0.0');
  assert.equal(unknown.statusCode, 400);
  const badName = await app.inject('/npm/react-widget-a@1.0.0/+esm/b1?deps=Bad%20Name@1.0.0');
  assert.equal(badName.statusCode, 400);
  assert.match(badName.body, /"Bad Name" is not a package name/);
});

test('?bundle puts the packages it imports in the one file, except its peer dependencies', async () => {
  const plain = await app.inject('/npm/bundle-lib@1.0.0/+esm/b1');
  assert.ok(plain.body.includes('"/npm/esm-only-lib@1.0.0/+esm/b1"'), plain.body);
  const res = await app.inject('/npm/bundle-lib@1.0.0/+esm/b1?bundle');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['cache-control'], IMMUTABLE);
  assert.ok(!res.body.includes('/npm/esm-only-lib@'), 'the dependency is in the file, not imported');
  assert.ok(res.body.includes('"/npm/mini-react@18.3.1/+esm/b1"'), 'the peer stays an import');
  assert.ok(!res.body.includes('lazy.js'), 'what the package does not use of its dependency is left out');
  assert.match(res.body, /\/\/# sourceMappingURL=b1\.map\?bundle\n$/);

  const bundled = await loader.import('/npm/bundle-lib@1.0.0/+esm/b1?bundle');
  const react = await loader.import('/npm/mini-react@18.3.1/+esm/b1');
  const element = (bundled['Total'] as (v: number[]) => { type: string; props: { children: unknown[] } })([1, 2]);
  assert.equal(element.type, 'output');
  assert.equal(bundled['reactDispatcher'], react['dispatcher'], 'the peer is the one copy of the page');

  const map = await app.inject('/npm/bundle-lib@1.0.0/+esm/b1.map?bundle');
  const sources = map.json<{ sources: string[] }>().sources;
  assert.ok(sources.includes('/npm/esm-only-lib@1.0.0/src/math.js'), sources.join(', '));
  assert.ok(sources.includes('/npm/bundle-lib@1.0.0/index.js'), sources.join(', '));

  const shaken = await app.inject('/npm/bundle-lib@1.0.0/+esm/b1?exports=Total&bundle&dev');
  assert.equal(shaken.statusCode, 200, shaken.body);
  assert.ok(!shaken.body.includes('/npm/esm-only-lib@'));
  assert.ok(shaken.body.includes('"/npm/mini-react@18.3.1/+esm/b1?dev"'), shaken.body);
});
