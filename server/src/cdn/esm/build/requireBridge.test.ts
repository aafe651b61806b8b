/**
 * A CommonJS package's `require()` of an ES module package gets what Node's `require(esm)` gives: the
 * namespace, marked `__esModule` when it has a default export, so that Babel's interop helpers read `default`
 * as the default export (@mui/system 5's createStyled requiring @mui/styled-engine, whose `module` file is
 * the build).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
});
after(async () => {
  await esm.close();
});

test("Babel's _interopRequireDefault and _interopRequireWildcard of an ES module package give its default export", async () => {
  const mod = await esm.loader.import('/npm/babel-interop-user@1.0.0/+esm/b1');
  assert.equal((mod['styled'] as (tag: string) => string)('div'), 'styled div');
  assert.equal((mod['styledWildcard'] as (tag: string) => string)('a'), 'styled a css');
  assert.equal(mod['esModuleFlag'], true, "as Node's require() of an ES module with a default export");
});
