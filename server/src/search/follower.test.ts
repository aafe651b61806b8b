import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { capturedLog } from '../testing/capturedLog.ts';
import { buildSearchApp } from './app.ts';
import { ChangesFollower } from './follower.ts';
import { SearchIndex } from './index.ts';
import { acquireSearchIndex, releaseSearchIndex, searchIndexFile } from './indexer.ts';
import { registryFetcher } from './registry.ts';
import { FixtureRegistry, packument, searchTestConfig } from './testing.ts';
import { until } from '../testing/until.ts';

describe('search: following a registry changes feed', () => {
  const registry = new FixtureRegistry();
  let env: ReturnType<typeof searchTestConfig>;

  before(async () => {
    await registry.start();
    env = searchTestConfig({
      SKYLIFT_NPM_REGISTRY: registry.url,
      SKYLIFT_CHANGES_FEED_URL: `${registry.url}/_changes`,
      SKYLIFT_GITHUB_ARCHIVE: 'https://codeload.code.example',
    });
  });

  after(async () => {
    await registry.stop();
    env.cleanup();
  });

  const follower = (index: SearchIndex): ChangesFollower =>
    new ChangesFollower(index, {
      feedUrl: env.config.search.changesFeedUrl!,
      fetchDocument: registryFetcher(env.config.upstream.npmRegistry, 5000),
      codeHost: 'code.example',
      batchSize: 2,
    });

  it('indexes new and updated packages, removes deleted ones, and resumes from the saved sequence', async () => {
    const index = acquireSearchIndex(env.config);
    try {
      registry.publish(
        'zebra-grid',
        packument('zebra-grid', '1.0.0', { description: 'Striped data grid', main: 'index.js', repository: 'zoo-org/zebra-grid' }),
      );
      registry.publish('@zoo/okapi-icons', packument('@zoo/okapi-icons', '2.1.0', { description: 'Icon font', style: 'css/okapi.css' }));
      registry.publish('lion-legacy', packument('lion-legacy', '0.9.0', { description: 'Old roaring helpers', main: 'index.js' }));

      const first = await follower(index).syncToEnd();
      assert.equal(first.updated, 3);
      assert.equal(first.lastSeq, '3');
      assert.equal(index.get('zebra-grid')?.owner.name, 'zoo-org');
      assert.deepEqual(index.get('@zoo/okapi-icons')?.styleTypes, ['css']);
      assert.ok(registry.documentRequests.includes('/@zoo%2Fokapi-icons'), 'scoped documents are fetched by name');

      // The next follower (a restart) starts where the first stopped.
      registry.publish(
        'zebra-grid',
        packument('zebra-grid', '2.0.0', { description: 'Striped data grid with virtual scrolling', type: 'module', repository: 'zoo-org/zebra-grid' }),
      );
      registry.unpublish('lion-legacy');
      registry.sinceRequested.length = 0;
      const second = await follower(index).syncToEnd();
      assert.equal(registry.sinceRequested[0], '3');
      assert.equal(second.updated, 1);
      assert.equal(second.removed, 1);
      assert.equal(second.lastSeq, '5');
      assert.equal(index.get('zebra-grid')?.version, '2.0.0');
      assert.deepEqual(index.get('zebra-grid')?.moduleTypes, ['esm']);
      assert.equal(index.get('lion-legacy'), undefined);

      // Nothing new: one request from the saved sequence, nothing applied.
      registry.sinceRequested.length = 0;
      const idle = await follower(index).syncToEnd();
      assert.deepEqual(registry.sinceRequested, ['5']);
      assert.equal(idle.updated + idle.removed, 0);
    } finally {
      releaseSearchIndex(env.config);
    }
  });

  it('keeps the service answering with what the feed brought, while it runs in the background', async () => {
    registry.publish('giraffe-tower', packument('giraffe-tower', '3.0.0', { description: 'Tall layouts', main: 'index.js' }));
    const app = await buildSearchApp(env.config, { followIdleDelayMs: 20, enrichCatalog: false });
    try {
      await app.ready();
      const headers = { 'x-algolia-application-id': env.config.search.appId, 'x-algolia-api-key': env.config.search.apiKey };
      // The follower works on its own schedule: poll the public API until the change shows.
      await until(
        async () => (await app.inject({ method: 'GET', url: `/1/indexes/${env.config.search.indexName}/giraffe-tower`, headers })).statusCode === 200,
        { message: 'the package published on the feed to become searchable', timeoutMs: 5_000, intervalMs: 25 },
      );
      const search = await app.inject({ method: 'POST', url: `/1/indexes/${env.config.search.indexName}/query`, headers, payload: { query: 'giraffe' } });
      assert.equal(search.json().hits[0].name, 'giraffe-tower');
      const deleted = await app.inject({ method: 'GET', url: `/1/indexes/${env.config.search.indexName}/lion-legacy`, headers });
      assert.equal(deleted.statusCode, 404);
    } finally {
      await app.close();
    }
  });

  it('running in the background, it outlasts another process holding the write lock: logged, retried, applied once the lock is released', async () => {
    const index = acquireSearchIndex(env.config);
    const other = new Database(searchIndexFile(env.config));
    const { log, lines } = capturedLog();
    const running = new ChangesFollower(index, {
      feedUrl: env.config.search.changesFeedUrl!,
      fetchDocument: registryFetcher(env.config.upstream.npmRegistry, 5000),
      codeHost: 'code.example',
      lockWaitMs: 20,
      idleDelayMs: 20,
    });
    try {
      await follower(index).syncToEnd();
      other.exec('BEGIN IMMEDIATE');
      registry.publish('lynx-locks', packument('lynx-locks', '1.0.0', { description: 'Waits its turn', main: 'index.js' }));
      running.start({ log });
      await until(() => lines.some((line) => line['job'] === 'search-changes-follower'), { message: 'a failure logged', timeoutMs: 10_000, intervalMs: 10 });
      const failure = lines.find((line) => line['job'] === 'search-changes-follower')!;
      assert.match(failure.err?.code ?? '', /^SQLITE_BUSY/);
      assert.equal(index.get('lynx-locks'), undefined);
      other.exec('COMMIT');
      await until(() => index.get('lynx-locks') !== undefined, { message: 'the change to be applied', timeoutMs: 10_000, intervalMs: 10 });
      assert.equal(index.get('lynx-locks')?.description, 'Waits its turn');
    } finally {
      await running.stop();
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      releaseSearchIndex(env.config);
    }
  });

  it('stops at a feed failure without losing its place', async () => {
    const broken = new ChangesFollower(acquireSearchIndex(env.config), {
      feedUrl: `${registry.url}/_changes`,
      fetchDocument: async () => {
        throw new Error('registry down');
      },
      codeHost: 'code.example',
    });
    try {
      registry.publish('hippo-store', packument('hippo-store', '1.0.0', { description: 'Heavy state', main: 'index.js' }));
      const before = broken.since;
      await assert.rejects(broken.syncToEnd(), /registry down/);
      assert.equal(broken.since, before, 'the failed change is retried next time');
      const recovered = await follower(acquireSearchIndex(env.config)).syncToEnd();
      releaseSearchIndex(env.config);
      assert.equal(recovered.updated, 1);
    } finally {
      releaseSearchIndex(env.config);
    }
  });
});
