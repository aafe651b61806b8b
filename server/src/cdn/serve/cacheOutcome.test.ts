import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startFixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { readLogBatch } from '../../requestlog/reader.ts';
import { RequestLogWriter } from '../../requestlog/writer.ts';
import { buildCdnApp } from '../app.ts';
import { testConfig } from '../testing/testApp.ts';

test('the request log says whether an npm file was fetched upstream for the request (or waited for that) or came from our cache', async () => {
  const registry = await startFixtureRegistry();
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_UPSTREAM_TIMEOUT_MS: '3000' });
  const logDir = path.join(config.dataDir, 'request-log');
  const log = new RequestLogWriter({ dir: logDir, flushIntervalMs: 60_000 });
  const app = await buildCdnApp(config, { requestLog: log });
  try {
    assert.equal((await app.inject('/npm/tiny-lib@1.1.0/dist/tiny.js')).statusCode, 200);
    assert.equal((await app.inject('/npm/tiny-lib@1.1.0/dist/tiny.js')).statusCode, 200);
    assert.equal((await app.inject('/npm/tiny-lib@1.1.0/package.json')).statusCode, 200);
    // Two clients at once ask for a version not here yet: it is downloaded once, and both waited for it.
    const together = await Promise.all(['/npm/tiny-lib@1.0.0/package.json', '/npm/tiny-lib@1.0.0/dist/tiny.js'].map((url) => app.inject(url)));
    assert.deepEqual(
      together.map((res) => res.statusCode),
      [200, 200],
    );
    await log.flush();
    const { lines } = await readLogBatch(logDir, new Map(), 100);
    const outcomes = lines.map((line) => [line.file, line.cache]);
    // The two requests that waited together are logged in the order they finished, which either may win.
    const waitedTogether = outcomes.slice(3).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    assert.deepEqual(
      [...outcomes.slice(0, 3), ...waitedTogether],
      [
        ['/dist/tiny.js', 'miss'],
        ['/dist/tiny.js', 'hit'],
        ['/package.json', 'hit'],
        ['/dist/tiny.js', 'miss'],
        ['/package.json', 'miss'],
      ],
    );
    assert.match((await app.inject('/metrics')).body, /package_cache_lookups_total\{cache="version",result="miss"[^}]*\} 2\n/);
  } finally {
    await app.close();
    await log.close();
    await registry.close();
  }
});
