import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLogBatch, requestLogDir } from '../requestlog/reader.ts';
import { buildCdnApp } from './app.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { SAMPLE_PACKAGES } from './testing/samplePackages.ts';
import { testConfig } from './testing/testApp.ts';

test('closing the app writes every request log line, in order, readable from a saved position', async () => {
  const config = testConfig();
  const app = await buildCdnApp(config, { store: new MemoryPackageStore(SAMPLE_PACKAGES) });
  for (let i = 0; i < 120; i++) {
    await app.inject({
      url: i % 2 ? '/npm/demo-lib@1.2.0/dist/demo.js' : '/npm/demo-lib@1.2.0/missing.js',
      headers: { 'user-agent': `ua-${i}`, 'x-edge-country': 'FR', 'x-edge-provider': 'FY' },
    });
  }
  await app.close();
  const first = await readLogBatch(requestLogDir(config.dataDir), new Map(), 50);
  const rest = await readLogBatch(requestLogDir(config.dataDir), first.offsets, 1000);
  const lines = [...first.lines, ...rest.lines];
  assert.equal(lines.length, 120);
  assert.deepEqual(
    lines.map((l) => l.ua),
    Array.from({ length: 120 }, (_, i) => `ua-${i}`),
  );
  assert.deepEqual([...new Set(lines.map((l) => `${l.status} ${l.provider} ${l.country}`))].sort(), ['200 FY FR', '404 FY FR']);
});

test('edge headers count only from the trusted proxies or with the shared secret; otherwise origin and the country of the address', async () => {
  const config = testConfig({}, { SKYLIFT_TRUSTED_PROXIES: '10.1.0.0/16,127.0.0.1', SKYLIFT_EDGE_SECRET: 'edge-secret' });
  const countries = { countryOf: (address: string | undefined) => (address === '81.2.69.142' ? 'GB' : null) };
  const app = await buildCdnApp(config, { store: new MemoryPackageStore(SAMPLE_PACKAGES), countries });
  const url = '/npm/demo-lib@1.2.0/dist/demo.js';
  const spoof = { 'x-edge-country': 'AQ', 'x-edge-provider': 'SPOOF' };
  await app.inject({ url, remoteAddress: '81.2.69.142', headers: { 'user-agent': 'from-address' } });
  await app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'user-agent': 'from-loopback' } });
  await app.inject({ url, remoteAddress: '81.2.69.142', headers: { 'user-agent': 'spoofed', ...spoof } });
  await app.inject({ url, remoteAddress: '81.2.69.142', headers: { 'user-agent': 'wrong-secret', 'x-edge-secret': 'guess', ...spoof } });
  await app.inject({ url, remoteAddress: '10.1.2.3', headers: { 'user-agent': 'from-proxy', 'x-edge-country': 'FR', 'x-edge-provider': 'CF' } });
  await app.inject({
    url,
    remoteAddress: '10.1.2.3',
    headers: { 'user-agent': 'proxy-without-country', 'x-forwarded-for': '81.2.69.142, 10.1.2.3', 'x-edge-provider': 'CF' },
  });
  await app.inject({
    url,
    remoteAddress: '203.0.113.9',
    headers: { 'user-agent': 'with-secret', 'x-edge-secret': 'edge-secret', 'x-edge-country': 'JP', 'x-edge-provider': 'FY' },
  });
  await app.close();
  const { lines } = await readLogBatch(requestLogDir(config.dataDir), new Map(), 100);
  assert.deepEqual(
    lines.map((l) => [l.ua, l.provider, l.country]),
    [
      ['from-address', null, 'GB'],
      ['from-loopback', null, null],
      ['spoofed', null, 'GB'],
      ['wrong-secret', null, 'GB'],
      ['from-proxy', 'CF', 'FR'],
      ['proxy-without-country', 'CF', 'GB'],
      ['with-secret', 'FY', 'JP'],
    ],
  );
});

test('a malformed trusted proxy stops the start with its name', () => {
  assert.throws(() => testConfig({}, { SKYLIFT_TRUSTED_PROXIES: '10.0.0.0/40' }), /SKYLIFT_TRUSTED_PROXIES: "10.0.0.0\/40"/);
});
