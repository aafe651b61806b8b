import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startFixtureServer } from '../../../test/fixtures/upstream/fixtureServer.ts';
import { buildDataApp } from '../../data/app.ts';
import { Ingester } from '../../stats/ingester.ts';
import { openStatsStore } from '../../stats/store.ts';
import { buildCdnApp } from '../app.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { testConfig } from '../testing/testApp.ts';

test('requests through a custom endpoint become the figures of /v1/stats/proxies/{name}, its files and the measured cache hit rate', async () => {
  const host = await startFixtureServer((_request, response, filePath) => {
    if (filePath === '/v0.27.7/full/pyodide.js') return void response.writeHead(200).end('a'.repeat(300));
    if (filePath === '/v0.27.7/full/pyodide.asm.wasm') return void response.writeHead(200).end('w'.repeat(2000));
    response.writeHead(404).end();
  });
  const config = testConfig({}, { SKYLIFT_CUSTOM_ENDPOINTS: JSON.stringify([{ name: 'pyodide', path: '/pyodide', upstream: host.url }]) });
  const cdn = await buildCdnApp(config, { store: new MemoryPackageStore([]) });
  for (let i = 0; i < 3; i++) await cdn.inject('/pyodide/v0.27.7/full/pyodide.js');
  await cdn.inject('/pyodide/v0.27.7/full/pyodide.asm.wasm');
  await cdn.inject('/npm/not-a-proxy@1/x.js');
  await cdn.close();
  await host.close();

  const stats = await openStatsStore(config);
  await new Ingester(stats, { logDir: path.join(config.dataDir, 'request-log') }).catchUp();
  const data = await buildDataApp(config, { store: new MemoryPackageStore([]), stats, ingestIntervalMs: false });
  try {
    const totals = (await data.inject('/v1/stats/proxies/pyodide?period=month')).json();
    assert.equal(totals.hits.total, 4);
    assert.equal(totals.bandwidth.total, 3 * 300 + 2000);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(totals.hits.dates[today], 4);
    const files = await data.inject('/v1/stats/proxies/pyodide/files?period=month&by=bandwidth');
    assert.deepEqual(files.json(), [
      { name: '/v0.27.7/full/pyodide.asm.wasm', hits: { total: 1 }, bandwidth: { total: 2000 } },
      { name: '/v0.27.7/full/pyodide.js', hits: { total: 3 }, bandwidth: { total: 900 } },
    ]);
    assert.equal(files.headers['x-total-count'], '2');
    const other = (await data.inject('/v1/stats/proxies/cocoa')).json();
    assert.equal(other.hits.total, 0);
    // Two of the four files came from our cache; the npm request's line does not know, so it is not counted.
    const cache = (await data.inject('/v1/stats/network/cache?period=month')).json();
    assert.deepEqual(cache, [{ code: 'OR', name: 'Origin', cacheHitRate: 50, requests: { hit: 2, miss: 2, stale: 0 } }]);
  } finally {
    await data.close();
    await stats.close();
  }
});
