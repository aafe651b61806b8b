/**
 * Names a package re-exports from another package with `export *` below its entry (star-reexport-lib's
 * `lib/types.js` re-exports esm-only-lib) are in the build's list of exports, not only linked at run time:
 * `?exports=` of such a name keeps it, and the 400 for a name it lacks lists them.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
});
after(() => esm.close());

test('?exports= keeps a name that comes from another package through export *, and works', async () => {
  const url = '/npm/star-reexport-lib@1.0.0/+esm/b1?exports=local,total';
  const res = await esm.app.inject(url);
  assert.equal(res.statusCode, 200, res.body);
  const mod = await esm.loader.import(url);
  assert.deepEqual(Object.keys(mod).sort(), ['local', 'total']);
  assert.equal((mod['total'] as (values: number[]) => string)([1, 2]), '3.00');
});

test('the list of exports a 400 gives holds the re-exported names beside the own ones, without default', async () => {
  const res = await esm.app.inject('/npm/star-reexport-lib@1.0.0/+esm/b1?exports=nothingLikeThis');
  assert.equal(res.statusCode, 400);
  // The CDN answers its errors as text.
  const message = res.body;
  const listed = message.slice(message.indexOf('its exports are: ') + 'its exports are: '.length, -1).split(', ');
  // Its own (`local`, `own`, and `name`, which shadows esm-only-lib's) and esm-only-lib's.
  for (const name of ['local', 'own', 'name', 'total', 'add', 'multiply', 'formatNumber', 'loadStatistics', 'mode'])
    assert.ok(listed.includes(name), `${name} in ${message}`);
  assert.ok(!listed.includes('default'), message);
});
