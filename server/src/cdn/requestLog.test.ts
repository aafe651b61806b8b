import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLogBatch, requestLogDir } from '../requestlog/reader.ts';
import { buildCdnApp } from './app.ts';
import { MemoryPackageStore } from './testing/memoryStore.ts';
import { SAMPLE_PACKAGES } from './testing/samplePackages.ts';
import { testConfig } from './testing/testApp.ts';

test('closing the app writes every request log line, in order, readable from a saved position', async () => {
  const config = testConfig();
  const app = await buildCdnApp(config, { store: new MemoryPackageStore(SAMPLE_PACKAGES) });
  for (let i = 0; i < 120; i++) {
    await app.inject({ url: i % 2 ? '/npm/demo-lib@1.2.0/dist/demo.js' : '/npm/demo-lib@1.2.0/missing.js', headers: { 'user-agent': `ua-${i}`, 'x-edge-country': 'FR', 'x-edge-provider': 'FY' } });
  }
  await app.close();
  const first = await readLogBatch(requestLogDir(config.dataDir), new Map(), 50);
  const rest = await readLogBatch(requestLogDir(config.dataDir), first.offsets, 1000);
  const lines = [...first.lines, ...rest.lines];
  assert.equal(lines.length, 120);
  assert.deepEqual(lines.map((l) => l.ua), Array.from({ length: 120 }, (_, i) => `ua-${i}`));
  assert.deepEqual([...new Set(lines.map((l) => `${l.status} ${l.provider} ${l.country}`))].sort(), ['200 FY FR', '404 FY FR']);
});

test('without an edge header the country comes from the client address; loopback stays unknown; the header wins', async () => {
  const config = testConfig();
  const countries = { countryOf: (address: string | undefined) => (address === '81.2.69.142' ? 'GB' : null) };
  const app = await buildCdnApp(config, { store: new MemoryPackageStore(SAMPLE_PACKAGES), countries });
  const url = '/npm/demo-lib@1.2.0/dist/demo.js';
  await app.inject({ url, remoteAddress: '81.2.69.142', headers: { 'user-agent': 'from-address' } });
  await app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'user-agent': 'from-loopback' } });
  await app.inject({ url, remoteAddress: '81.2.69.142', headers: { 'user-agent': 'from-edge', 'x-edge-country': 'FR' } });
  await app.close();
  const { lines } = await readLogBatch(requestLogDir(config.dataDir), new Map(), 100);
  assert.deepEqual(lines.map((l) => [l.ua, l.country]), [['from-address', 'GB'], ['from-loopback', null], ['from-edge', 'FR']]);
});
