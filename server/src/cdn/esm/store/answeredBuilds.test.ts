/**
 * A build made before answers after its version left the file cache, in a process started since, without the
 * version being downloaded again; an answer past its day goes the whole way once more, with the same bytes.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import { createPackageStore, type ClosablePackageStore } from '../../../packages/index.ts';
import { sweep } from '../../../packages/storage/diskBudget.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../../app.ts';
import { generatedDir } from '../../plugins/serving.ts';
import { testConfig } from '../../testing/testApp.ts';
import { ANSWER_TRUST_MS } from './answeredBuilds.ts';
import { answeredBuildsDir } from './pinnedStore.ts';

let registry: FixtureRegistry;
let config: Config;
const tarballFetches = (name: string): number => registry.requestCount(registry.tarballPath(name, '1.0.0'));

before(async () => {
  registry = await startFixtureRegistry();
  config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: 'http://cdn.test' });
});
after(() => registry.close());

/** The CDN as a process started now over the same data folder (memory caches off: what it answers comes from the disk). */
async function startCdn(): Promise<{ app: FastifyInstance; store: ClosablePackageStore; close(): Promise<void> }> {
  const store = await createPackageStore(config);
  const app = await buildCdnApp(config, { store, requestLog: false, memoryCache: false });
  return {
    app,
    store,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** The disk budget takes every version and generated file, as a budget far below the working set does. */
async function evictEverything(): Promise<void> {
  const report = await sweep({ root: path.join(config.dataDir, 'packages'), generatedDirs: [generatedDir(config)], budgetBytes: 1 });
  assert.ok(report.evictedVersions > 0, 'the versions went');
}

function answerFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name));
}

for (const name of ['cjs-named', 'esm-only-lib']) {
  test(`${name}: a build made before answers after its version was evicted, in a new process, without downloading the version`, async () => {
    const url = `/npm/${name}@1.0.0/+esm`;
    const first = await startCdn();
    const built = await first.app.inject(url);
    assert.equal(built.statusCode, 200, built.body);
    await first.store.flush();
    await first.close();
    assert.equal(tarballFetches(name), 1);

    await evictEverything();
    const second = await startCdn();
    try {
      const again = await second.app.inject(url);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.body, built.body, 'the same bytes');
      assert.equal(again.headers['etag'], built.headers['etag']);
      assert.equal(tarballFetches(name), 1, 'the version was not downloaded again to answer a build it had made');
    } finally {
      await second.close();
    }

    // A day later the answer is not trusted (declarations may have been published since): the request goes the
    // whole way, downloading the evicted version once more, and answers the same bytes.
    for (const file of answerFiles(answeredBuildsDir(config))) {
      const record = JSON.parse(fs.readFileSync(file, 'utf8')) as { savedAtMs: number };
      fs.writeFileSync(file, JSON.stringify({ ...record, savedAtMs: Date.now() - ANSWER_TRUST_MS - 60_000 }));
    }
    const third = await startCdn();
    try {
      const later = await third.app.inject(url);
      assert.equal(later.statusCode, 200, later.body);
      assert.equal(later.body, built.body);
      assert.equal(tarballFetches(name), 2);
    } finally {
      await third.close();
    }
  });
}
