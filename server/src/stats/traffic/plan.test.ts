import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findProjectRoot } from '../../config/paths.ts';
import { catalogPath, readCatalog } from '../../packages/npm/npmCatalog.ts';
import { COUNTRIES, planTraffic } from './plan.ts';
import { isCountryCode } from '../geography.ts';

describe('demo traffic plan', () => {
  it('reads the shipped catalog of popular packages', () => {
    const catalog = readCatalog(catalogPath(findProjectRoot()));
    assert.equal(catalog.length, 20_000);
    assert.ok(catalog[0]!.downloads >= catalog[1]!.downloads);
  });

  it('weights packages by downloads and mixes versions, files, agents, providers and countries', () => {
    const catalog = [
      { name: 'big', version: '3.2.1', downloads: 900 },
      { name: '@scope/small', version: '1.0.0', downloads: 100 },
    ];
    const plan = planTraffic(catalog, 5000, { packages: 2, seed: 42 });
    const big = plan.filter((r) => r.pkg === 'big').length;
    assert.ok(big > 4200 && big < 4800, `big drawn ${big} times`);
    assert.ok(plan.some((r) => r.path === '/npm/big@3.2.1'));
    assert.ok(plan.some((r) => r.path === '/npm/big@3/package.json'));
    assert.ok(plan.some((r) => r.path.startsWith('/npm/@scope/small')));
    assert.ok(plan.some((r) => r.path.endsWith('/')));
    assert.ok(new Set(plan.map((r) => r.userAgent)).size > 5);
    assert.deepEqual(new Set(plan.map((r) => r.provider)), new Set(['CF', 'FY', 'BN', 'GC']));
    assert.ok(COUNTRIES.every(([code]) => isCountryCode(code)));
    assert.deepEqual(planTraffic(catalog, 50, { packages: 2, seed: 7 }), planTraffic(catalog, 50, { packages: 2, seed: 7 }));
  });
});
