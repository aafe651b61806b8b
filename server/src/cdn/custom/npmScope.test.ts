import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readLogBatch } from '../../requestlog/reader.ts';
import { buildCdnApp } from '../app.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { testConfig } from '../testing/testApp.ts';

const PORTAL = 'window.ghostPortal = true;\n';

test('an endpoint over an npm scope serves that scope’s packages and logs the endpoint name', async () => {
  const store = new MemoryPackageStore([
    {
      ref: { type: 'npm', name: '@tryghost/portal' },
      tags: { latest: '2.51.0' },
      versions: { '2.50.1': { files: { '/umd/portal.min.js': PORTAL } }, '2.51.0': { files: { '/umd/portal.min.js': PORTAL } } },
    },
    { ref: { type: 'npm', name: '@other/pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/x.js': 'x' } } } },
  ]);
  const config = testConfig({}, { SKYLIFT_CUSTOM_ENDPOINTS: JSON.stringify([{ name: 'ghost', path: '/ghost', upstream: null, npmScope: '@tryghost' }]) });
  const app = await buildCdnApp(config, { store, countries: false });
  try {
    const exact = await app.inject('/ghost/portal@2.50.1/umd/portal.min.js');
    assert.equal(exact.statusCode, 200);
    assert.equal(exact.body, PORTAL);
    assert.equal(exact.headers['cache-control'], 'public, max-age=31536000, s-maxage=31536000, immutable');
    const range = await app.inject('/ghost/portal@~2.51/umd/portal.min.js');
    assert.deepEqual([range.statusCode, range.headers['x-skylift-version']], [200, '2.51.0']);
    assert.equal((await app.inject('/ghost/@other/pkg@1.0.0/x.js')).statusCode, 400);
    assert.equal((await app.inject('/ghost/%40other/pkg@1.0.0/x.js')).statusCode, 400);
    assert.equal((await app.inject('/ghost/portal@2.50.1/missing.js')).statusCode, 404);
  } finally {
    await app.close();
  }
  const { lines } = await readLogBatch(path.join(config.dataDir, 'request-log'), new Map(), 100);
  assert.deepEqual(
    lines.map((line) => [line.proxy, line.type, line.name, line.status]),
    [
      ['ghost', 'npm', '@tryghost/portal', 200],
      ['ghost', 'npm', '@tryghost/portal', 200],
      ['ghost', 'other', null, 400],
      ['ghost', 'other', null, 400],
      ['ghost', 'npm', '@tryghost/portal', 404],
    ],
  );
});
