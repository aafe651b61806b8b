/**
 * The entry points of one package version share its internal modules: two entries imported on one page (one
 * module loader) hold one instance of every module they have in common, whichever is imported first, and a
 * package with one entry point is still one module.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';
import { moduleLoader, type ModuleLoader } from '../testing/importBuilt.ts';
import { MAX_PER_FILE_REACH } from '../store/sharedBuilds.ts';

const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const CHUNK_URL = /"(\/npm\/[^"]+\/\+esm-chunks\/[A-Z0-9]+\.js\/\+esm\/b1(?:\?[^"]*)?)"/g;

let esm: EsmApp;
const loaders: ModuleLoader[] = [];

before(async () => {
  esm = await startEsmApp();
});
after(async () => {
  for (const loader of loaders) await loader.close();
  await esm.close();
});

/** A page of its own: module instances are shared only within one loader. */
async function page(): Promise<ModuleLoader> {
  const loader = await moduleLoader(esm.app);
  loaders.push(loader);
  return loader;
}

function chunkUrls(body: string): string[] {
  return [...new Set([...body.matchAll(CHUNK_URL)].map((m) => m[1]!))];
}

const SIBLING_URL = /"(\/npm\/ol-like@1\.0\.0\/[^"+]+\.js\/\+esm\/b1(?:\?[^"]*)?)"/g;

function siblingUrls(body: string): string[] {
  return [...new Set([...body.matchAll(SIBLING_URL)].map((m) => m[1]!))];
}

test('ol-like: a projection registered through proj/proj4 is seen through the main entry, and the uid counter is one', async () => {
  const loader = await page();
  const proj4 = await loader.import('/npm/ol-like@1.0.0/proj/proj4/+esm/b1');
  const main = await loader.import('/npm/ol-like@1.0.0/+esm/b1');
  const getProjection = main['getProjection'] as (code: string) => { code: string; def?: string } | null;
  assert.equal(getProjection('EPSG:27700'), null);
  (proj4['register'] as (defs: Record<string, string>) => string)({ 'EPSG:27700': '+proj=tmerc' });
  assert.deepEqual(getProjection('EPSG:27700'), { code: 'EPSG:27700', def: '+proj=tmerc' }, 'one registry for both entries');
  assert.equal((proj4['isRegistered'] as (code: string) => boolean)('EPSG:4326'), true, 'the main module registered its default once');
  const MapClass = main['Map'] as new (options: { projection: string }) => { id: string; projection: unknown };
  const map = new MapClass({ projection: 'EPSG:27700' });
  assert.deepEqual(map.projection, { code: 'EPSG:27700', def: '+proj=tmerc' });
  const tile = await loader.import('/npm/ol-like@1.0.0/layer/Tile/+esm/b1');
  const TileLayer = tile['default'] as new () => { id: string };
  const ids = [map.id, new TileLayer().id, (main['getUid'] as (o: object) => string)({})];
  assert.equal(new Set(ids).size, 3, `one counter hands out distinct ids: ${ids.join(', ')}`);
  assert.ok(loader.fetched.includes('/npm/ol-like@1.0.0/util.js/+esm/b1'), loader.fetched.join(', '));
  assert.ok(!loader.fetched.some((u) => u.includes('/+esm-chunks/')), loader.fetched.join(', '));
});

test('ol-like: Map and View (both reached by the main entry, neither a file only a page asks for) are one View class under every URL', async () => {
  const loader = await page();
  // As pages write them: without the extension, with it, and through the main entry.
  const mapModule = await loader.import('/npm/ol-like@1.0.0/Map/+esm/b1');
  const viewModule = await loader.import('/npm/ol-like@1.0.0/View/+esm/b1');
  const MapClass = mapModule['default'] as new (options: object) => { view: unknown };
  const View = viewModule['default'] as new () => object;
  const view = new View();
  assert.equal(new MapClass({ projection: 'EPSG:4326', view }).view, view, 'Map takes the View as a View, not as a promise');
  assert.equal((await loader.import('/npm/ol-like@1.0.0/View.js/+esm/b1'))['default'], View);
  const main = await loader.import('/npm/ol-like@1.0.0/+esm/b1');
  assert.equal(main['View'], View);
  assert.equal(main['Map'], MapClass);
  assert.equal((await loader.import('/npm/ol-like@1.0.0/index.js/+esm/b1'))['Map'], MapClass);

  const alias = await esm.app.inject('/npm/ol-like@1.0.0/Map/+esm/b1');
  assert.equal(alias.statusCode, 200);
  assert.equal(alias.headers['cache-control'], IMMUTABLE);
  assert.equal(alias.body, 'export * from "/npm/ol-like@1.0.0/Map.js/+esm/b1";\nexport { default } from "/npm/ol-like@1.0.0/Map.js/+esm/b1";\n');
  const index = await esm.app.inject('/npm/ol-like@1.0.0/index.js/+esm/b1');
  assert.equal(index.body, 'export * from "/npm/ol-like@1.0.0/+esm/b1";\n');
  const range = await esm.app.inject('/npm/ol-like@1/View/+esm');
  assert.match(range.body, /^export \* from "\/npm\/ol-like@1\.0\.0\/View\.js\/\+esm\/b1";$/m);
});

test('ol-like: every file is a module of its own, the same bytes whichever URL is built first, immutable with its map; options carried on', async () => {
  const fresh = await startEsmApp();
  try {
    const first = await fresh.app.inject('/npm/ol-like@1.0.0/Map.js/+esm/b1');
    const main = await fresh.app.inject('/npm/ol-like@1.0.0/+esm/b1');
    assert.equal(first.body, (await esm.app.inject('/npm/ol-like@1.0.0/Map.js/+esm/b1')).body);
    assert.equal(main.body, (await esm.app.inject('/npm/ol-like@1.0.0/+esm/b1')).body);
    assert.deepEqual(chunkUrls(main.body), []);
    assert.deepEqual(siblingUrls(main.body).sort(), [
      '/npm/ol-like@1.0.0/Map.js/+esm/b1',
      '/npm/ol-like@1.0.0/View.js/+esm/b1',
      '/npm/ol-like@1.0.0/proj.js/+esm/b1',
      '/npm/ol-like@1.0.0/util.js/+esm/b1',
    ]);
    assert.doesNotMatch(first.body, /cache\[/, 'the registry is not copied into Map');
    for (const url of siblingUrls(first.body)) {
      const sibling = await esm.app.inject(url);
      assert.equal(sibling.statusCode, 200, url);
      assert.equal(sibling.headers['cache-control'], IMMUTABLE);
      assert.match(sibling.body, /\/\/# sourceMappingURL=b1\.map\n$/);
      const map = await esm.app.inject(url.replace(/\/\+esm\/b1$/, '/+esm/b1.map'));
      assert.equal(map.statusCode, 200);
      const sources = (JSON.parse(map.body) as { sources: string[] }).sources;
      assert.deepEqual(
        sources.filter((u) => u.startsWith('/npm/')),
        [url.replace(/\/\+esm\/b1$/, '')],
        'the file alone, its siblings imported',
      );
    }
    const dev = await esm.app.inject('/npm/ol-like@1.0.0/Map.js/+esm/b1?dev');
    assert.ok(siblingUrls(dev.body).length >= 3 && siblingUrls(dev.body).every((u) => u.endsWith('/+esm/b1?dev')), dev.body);
    assert.equal((await esm.app.inject('/npm/ol-like@1.0.0/+esm-chunks/NOSUCHCHUNK.js/+esm/b1')).statusCode, 404);
  } finally {
    await fresh.close();
  }
});

test('a package without exports whose main entry reaches more than MAX_PER_FILE_REACH files keeps the split build', async () => {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'wide-barrel', version: '1.0.0', type: 'module', main: 'index.js' }),
    'extra.js': "import { v0 } from './f0.js';\nexport const extra = v0;\n",
  };
  const count = MAX_PER_FILE_REACH + 1;
  for (let i = 0; i < count; i++) files[`f${i}.js`] = `export const v${i} = ${i};\n`;
  files['index.js'] = Array.from({ length: count }, (_, i) => `export * from './f${i}.js';`).join('\n');
  esm.registry.publish('wide-barrel', '1.0.0', files, { tags: ['latest'] });
  const main = await esm.app.inject('/npm/wide-barrel@1.0.0/+esm/b1');
  assert.equal(main.statusCode, 200);
  assert.doesNotMatch(main.body, /\/npm\/wide-barrel@1\.0\.0\/f\d+\.js\/\+esm/, 'its files are not modules of their own');
  const loader = await page();
  const mod = await loader.import('/npm/wide-barrel@1.0.0/+esm/b1');
  assert.equal(mod[`v${count - 1}`], count - 1);
  assert.ok(loader.fetched.length <= 2, loader.fetched.join(', '));
});

test('angular-like: two exports entries importing one chunk file by relative path share its classes and registry', async () => {
  const loader = await page();
  const animations = await loader.import('/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm/b1');
  const platform = await loader.import('/npm/@skylift-fixtures/angular-like@20.0.0/+esm/b1');
  const Factory = platform['ɵDomRendererFactory2'] as new () => object;
  const Animation = animations['AnimationRendererFactory'] as new (delegate: object) => { delegate: object };
  assert.ok(new Animation(new Factory()).delegate instanceof Factory, 'the renderer class is one class');
  (platform['registerPlugin'] as (p: string) => number)('events');
  assert.equal((animations['registeredPlugins'] as () => number)(), 1, 'a plugin registered through the main entry is seen by animations');
  assert.ok((animations['provideAnimations'] as () => object)() instanceof Animation);
  const body = (await esm.app.inject('/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm/b1')).body;
  assert.ok(chunkUrls(body).length >= 1, body);
  assert.doesNotMatch(body, /class \w+\{constructor\(\)\{this\.plugins/, 'the shared class is not copied into the entry');
});

test('options carry on to the chunks: a ?dev build imports ?dev chunks, and ?bundle puts them in its one file', async () => {
  const dev = await esm.app.inject('/npm/@skylift-fixtures/angular-like@20.0.0/+esm/b1?dev');
  assert.equal(dev.statusCode, 200);
  const devChunks = chunkUrls(dev.body);
  assert.ok(devChunks.length >= 1 && devChunks.every((u) => u.endsWith('/+esm/b1?dev')), dev.body);
  const loader = await page();
  const mod = await loader.import('/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm/b1?dev');
  assert.equal(typeof mod['provideAnimations'], 'function');
  assert.ok(
    loader.fetched.every((u) => u.endsWith('?dev')),
    loader.fetched.join(', '),
  );

  const bundled = await esm.app.inject('/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm/b1?bundle');
  assert.equal(bundled.statusCode, 200);
  assert.deepEqual(chunkUrls(bundled.body), [], 'no chunk is left an import');
  const single = await page();
  const one = await single.import('/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm/b1?bundle');
  assert.equal((one['provideAnimations'] as () => { delegate: object })().delegate.constructor.name.length > 0, true);
  assert.deepEqual(single.fetched, ['/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm/b1?bundle']);
});

test('preact-like: hooks, which imports the package by its own name, use the options object of the main entry', async () => {
  const loader = await page();
  const preact = await loader.import('/npm/preact@10.24.3/+esm/b1');
  const hooks = await loader.import('/npm/preact@10.24.3/hooks/+esm/b1');
  (hooks['useState'] as (v: number) => unknown)(1);
  assert.equal((preact['options'] as { used?: boolean }).used, true);
});

test('a package with one entry point is still one module: no chunk, nothing of it fetched but its build', async () => {
  // lodash-es has no exports map: its files are scanned, and its main entry reaches every one of them.
  for (const url of ['/npm/subpath-imports-lib@6.0.0/+esm/b1', '/npm/lodash-es@4.17.21/+esm/b1', '/npm/cjs-named@1.0.0/+esm/b1']) {
    const loader = await page();
    const res = await esm.app.inject(url);
    assert.equal(res.statusCode, 200, url);
    assert.deepEqual(chunkUrls(res.body), [], url);
    await loader.import(url);
    const own = url.slice(0, url.indexOf('@', 6));
    assert.deepEqual(
      loader.fetched.filter((u) => u.startsWith(own)),
      [url],
    );
  }
});

test('an entry reached by a dynamic import shares the modules it has in common with the main entry', async () => {
  const loader = await page();
  const main = await loader.import('/npm/esm-only-lib@1.0.0/+esm/b1');
  const lazy = await loader.import('/npm/esm-only-lib@1.0.0/src/lazy.js/+esm/b1');
  assert.equal(await (main['loadStatistics'] as () => Promise<unknown>)(), lazy['mean']);
  assert.equal(loader.fetched.filter((u) => u.includes('/+esm-chunks/')).length, 1, loader.fetched.join(', '));
});

test('three-like: a file built alone imports the main entry by its URL instead of a copy of it', async () => {
  const loader = await page();
  const three = await loader.import('/npm/three-like@0.160.0/+esm/b1');
  const addon = await loader.import('/npm/three-like@0.160.0/addons/controls/OrbitControls.js/+esm/b1');
  const Camera = three['Camera'] as new () => object;
  const OrbitControls = addon['OrbitControls'] as new (camera: object) => { instance: number };
  const controls = new OrbitControls(new Camera());
  assert.ok(controls instanceof (three['EventDispatcher'] as new () => object), 'one EventDispatcher class');
  assert.equal(controls.instance, 1);
  assert.equal((three['countInstance'] as () => number)(), 2, 'one counter');
  const body = (await esm.app.inject('/npm/three-like@0.160.0/addons/controls/OrbitControls.js/+esm/b1')).body;
  assert.match(body, /from"\/npm\/three-like@0\.160\.0\/\+esm\/b1"/);
  assert.doesNotMatch(body, /_listeners/, 'no copy of the main module');
});

test('react-dom-like: a CommonJS entry requiring the package by its own name gets the main entry module, not a copy', async () => {
  const loader = await page();
  const client = await loader.import('/npm/react-dom-like@18.3.1/client/+esm/b1');
  const main = await loader.import('/npm/react-dom-like@18.3.1/+esm/b1');
  (client['createRoot'] as (c: string) => object)('#app');
  assert.equal((main['rootCount'] as () => number)(), 1, 'the root made through the client entry is one of the main renderer');
  const body = (await esm.app.inject('/npm/react-dom-like@18.3.1/client/+esm/b1')).body;
  assert.match(body, /"\/npm\/react-dom-like@18\.3\.1\/\+esm\/b1"/);
  assert.doesNotMatch(body, /rootCount/, 'no copy of the renderer');
});

test('yargs-parser-like: entries are built alone when the main entry must also export what its require() file names', async () => {
  const loader = await page();
  const parser = await loader.import('/npm/yargs-parser-like@21.1.1/+esm/b1');
  assert.equal((parser['camelCase'] as (t: string) => string)('foo-bar'), 'fooBar', 'the names of the require() file are exported');
  const browser = await loader.import('/npm/yargs-parser-like@21.1.1/browser/+esm/b1');
  assert.deepEqual((browser['default'] as (a: string[]) => string[])(['a-b']), ['aB']);
  assert.equal(loader.fetched.filter((u) => u.includes('/+esm-chunks/')).length, 0, loader.fetched.join(', '));
});
