/**
 * Names Node's `require()` gives that an ES module entry holds in one value (yargs-parser): its `require` file's
 * `module.exports` (version 21's shape), or its own `"module.exports"` export (version 22's). The build exports
 * them beside its own, read from that value.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { FIXTURE_PACKAGES_DIR } from '../../../../test/fixtures/upstream/index.ts';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
});
after(() => esm.close());

test("yargs-parser-like: the names of the require() file's module.exports are exported from the ES module's default", async () => {
  const dir = path.join(FIXTURE_PACKAGES_DIR, 'dual-default-lib', '2.1.0');
  const required = Object.keys(createRequire(import.meta.url)(path.join(dir, 'index.cjs')) as object).sort();
  const imported = Object.keys((await import(pathToFileURL(path.join(dir, 'esm', 'index.js')).href)) as object);
  assert.deepEqual(required, ['camelCase', 'detailed', 'looksLikeNumber']);
  assert.deepEqual(imported, ['default']);

  const url = '/npm/dual-default-lib@2.1.0/+esm/b1';
  const res = await esm.app.inject(url);
  assert.equal(res.statusCode, 200, res.body);
  const mod = await esm.loader.import(url);
  assert.deepEqual(Object.keys(mod).sort(), [...required, 'default'].sort());
  const parse = mod['default'] as ((args: string[]) => Record<string, unknown>) & Record<string, unknown>;
  assert.equal(mod['camelCase'], parse['camelCase']);
  assert.equal((mod['camelCase'] as (text: string) => string)('max-count'), 'maxCount');
  assert.deepEqual((mod['detailed'] as (args: string[]) => { argv: unknown }).call(null, ['--max-count=3', 'x']).argv, { _: ['x'], maxCount: 3 });
  // The range's re-export module and ?exports= see the names too: they are in the build's list.
  assert.equal((await esm.app.inject('/npm/dual-default-lib@2.1.0/+esm/b1?exports=looksLikeNumber')).statusCode, 200);
});

test('yargs-parser@22-like: an ES module exporting "module.exports" exports the keys of that value, as Node\'s require() of it gives them', async () => {
  const file = path.join(FIXTURE_PACKAGES_DIR, 'dual-default-lib', '22.0.0', 'lib', 'index.js');
  // Plain Node (no loader hooks of the test runner): require() of an ES module gives its "module.exports" export.
  const script = `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(file)}))))`;
  const required = (JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[]).sort();
  assert.deepEqual(required, ['camelCase', 'detailed', 'looksLikeNumber']);

  const url = '/npm/dual-default-lib@22.0.0/+esm/b1';
  const res = await esm.app.inject(url);
  assert.equal(res.statusCode, 200, res.body);
  const mod = await esm.loader.import(url);
  assert.deepEqual(Object.keys(mod).sort(), [...required, 'default', 'module.exports'].sort());
  assert.equal(mod['module.exports'], mod['default']);
  assert.equal((mod['camelCase'] as (text: string) => string)('dry-run'), 'dryRun');
  assert.equal((mod['looksLikeNumber'] as (value: string) => boolean)('12.5'), true);
});
