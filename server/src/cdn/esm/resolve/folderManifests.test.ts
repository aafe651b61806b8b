/**
 * A folder with its own package.json (dom-helpers's `addClass/package.json` pointing at `../esm/addClass.js`)
 * resolves as browser bundlers resolve it: the folder's `browser` string, `module`, `main`, then its index;
 * for a `+esm` URL of the subpath, for another package importing it by name, and for the package's own
 * relative imports of the folder.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';
import { moduleLoader } from '../testing/importBuilt.ts';
import { probeFile } from './entry.ts';
import { packageFiles } from './folderManifests.ts';

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
});
after(async () => {
  await esm.close();
});

interface Element {
  className: string;
}

test('the +esm URL of a folder with its own package.json builds the file its module field names', async () => {
  const res = await esm.app.inject('/npm/dom-helpers-like@5.2.1/addClass/+esm/b1');
  assert.equal(res.statusCode, 200, res.body);
  assert.match(res.body, /\/npm\/dom-helpers-like@5\.2\.1\/esm\/addClass\.js/, 'the banner names the file built');
  const loader = await moduleLoader(esm.app);
  try {
    const mod = await loader.import('/npm/dom-helpers-like@5.2.1/addClass/+esm/b1');
    const element: Element = { className: 'a' };
    (mod['default'] as (e: Element, c: string) => Element)(element, 'b');
    (mod['default'] as (e: Element, c: string) => Element)(element, 'b');
    assert.equal(element.className, 'a b');
  } finally {
    await loader.close();
  }
});

test("the folder's browser string wins over module and main", async () => {
  const loader = await moduleLoader(esm.app);
  try {
    const mod = await loader.import('/npm/dom-helpers-like@5.2.1/removeClass/+esm/b1');
    const element: Element = { className: 'a b' };
    assert.equal((mod['default'] as (e: Element, c: string) => string)(element, 'a'), 'browser');
    assert.equal(element.className, 'b');
  } finally {
    await loader.close();
  }
});

test('another package importing the folder by name gets its build, and the package reaches its folders by relative path', async () => {
  const loader = await moduleLoader(esm.app);
  try {
    const user = await loader.import('/npm/dom-helpers-like-user@1.0.0/+esm/b1');
    const element: Element = { className: 'old' };
    assert.equal((user['swapClass'] as (e: Element, from: string, to: string) => string)(element, 'old', 'new'), 'browser');
    assert.equal(element.className, 'new');
    assert.ok(loader.fetched.includes('/npm/dom-helpers-like@5.2.1/addClass/+esm/b1'), loader.fetched.join(', '));

    const classes = await loader.import('/npm/dom-helpers-like@5.2.1/esm/classes.js/+esm/b1');
    const other: Element = { className: 'x' };
    (classes['addClass'] as (e: Element, c: string) => Element)(other, 'y');
    assert.equal((classes['removeClass'] as (e: Element, c: string) => string)(other, 'x'), 'browser');
    assert.equal(other.className, 'y');
  } finally {
    await loader.close();
  }
});

test('probeFile: a file or extension first, then the folder manifest, then the index; a manifest naming nothing falls back to the index', () => {
  const paths = new Set(['/a.js', '/a/package.json', '/a/index.js', '/b/package.json', '/b/index.js', '/lib/b.js', '/c/package.json', '/c/index.js']);
  const folders = new Map<string, Record<string, unknown>>([
    ['/a', { main: '../lib/b.js' }],
    ['/b', { module: '../lib/b', main: './index.js' }],
    ['/c', { main: '../missing.js' }],
  ]);
  const files = packageFiles((p) => paths.has(p), folders, { main: 'lib/b.js' });
  assert.equal(probeFile(files, '/a'), '/a.js');
  assert.equal(probeFile(files, '/'), '/lib/b.js', 'the package root as a folder (`require("../")`): its own manifest names the file');
  assert.equal(probeFile(files, '/b'), '/lib/b.js');
  assert.equal(probeFile(files, '/c'), '/c/index.js');
  assert.equal(probeFile({ has: (p) => paths.has(p) }, '/b'), '/b/index.js', 'without the manifests, the index');
});
