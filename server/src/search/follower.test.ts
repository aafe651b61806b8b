import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { buildSearchApp } from './app.ts';
import { ChangesFollower } from './follower.ts';
import { SearchIndex } from './index.ts';
import { acquireSearchIndex, releaseSearchIndex } from './indexer.ts';
import { registryFetcher } from './registry.ts';
import { searchTestConfig } from './testing.ts';

/**
 * A fixture registry on loopback: a CouchDB-style `_changes` feed over a list of changes the test appends
 * to, and the package documents at `/{name}`. It records the `since` of every feed request.
 */
class FixtureRegistry {
  readonly changes: Array<{ seq: number; id: string; deleted?: boolean }> = [];
  readonly documents = new Map<string, unknown>();
  readonly sinceRequested: Array<string | null> = [];
  readonly documentRequests: string[] = [];
  private server = http.createServer((request, response) => this.handle(request, response));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  publish(name: string, doc: unknown): void {
    this.documents.set(name, doc);
    this.changes.push({ seq: this.changes.length + 1, id: name });
  }

  unpublish(name: string): void {
    this.documents.delete(name);
    this.changes.push({ seq: this.changes.length + 1, id: name, deleted: true });
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url);
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/_changes') {
      const since = url.searchParams.get('since');
      this.sinceRequested.push(since);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const pending = this.changes.filter((change) => change.seq > Number(since ?? 0)).slice(0, limit);
      json(200, { results: pending.map((change) => ({ ...change, changes: [{ rev: `1-${change.seq}` }] })), last_seq: pending.at(-1)?.seq ?? Number(since ?? 0) });
      return;
    }
    const name = decodeURIComponent(url.pathname.slice(1));
    this.documentRequests.push(name);
    const doc = this.documents.get(name);
    if (doc === undefined) json(404, { error: 'not_found' });
    else json(200, doc);
  }
}

function packument(name: string, version: string, fields: Record<string, unknown>): unknown {
  return { name, 'dist-tags': { latest: version }, versions: { [version]: { name, version, ...fields } } };
}

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
      registry.publish('zebra-grid', packument('zebra-grid', '1.0.0', { description: 'Striped data grid', main: 'index.js', repository: 'zoo-org/zebra-grid' }));
      registry.publish('@zoo/okapi-icons', packument('@zoo/okapi-icons', '2.1.0', { description: 'Icon font', style: 'css/okapi.css' }));
      registry.publish('lion-legacy', packument('lion-legacy', '0.9.0', { description: 'Old roaring helpers', main: 'index.js' }));

      const first = await follower(index).syncToEnd();
      assert.equal(first.updated, 3);
      assert.equal(first.lastSeq, '3');
      assert.equal(index.get('zebra-grid')?.owner.name, 'zoo-org');
      assert.deepEqual(index.get('@zoo/okapi-icons')?.styleTypes, ['css']);
      assert.ok(registry.documentRequests.includes('@zoo/okapi-icons'), 'scoped documents are fetched by name');

      // The next follower (a restart) starts where the first stopped.
      registry.publish('zebra-grid', packument('zebra-grid', '2.0.0', { description: 'Striped data grid with virtual scrolling', type: 'module', repository: 'zoo-org/zebra-grid' }));
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
    const app = await buildSearchApp(env.config, { followIdleDelayMs: 20 });
    try {
      await app.ready();
      const headers = { 'x-algolia-application-id': env.config.search.appId, 'x-algolia-api-key': env.config.search.apiKey };
      let found = false;
      // The follower works on its own schedule: poll the public API until the change shows (bounded by the test timeout).
      for (let attempt = 0; attempt < 200 && !found; attempt++) {
        const response = await app.inject({ method: 'GET', url: `/1/indexes/${env.config.search.indexName}/giraffe-tower`, headers });
        found = response.statusCode === 200;
        if (!found) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.ok(found, 'the package published on the feed becomes searchable');
      const search = await app.inject({ method: 'POST', url: `/1/indexes/${env.config.search.indexName}/query`, headers, payload: { query: 'giraffe' } });
      assert.equal(search.json().hits[0].name, 'giraffe-tower');
      const deleted = await app.inject({ method: 'GET', url: `/1/indexes/${env.config.search.indexName}/lion-legacy`, headers });
      assert.equal(deleted.statusCode, 404);
    } finally {
      await app.close();
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
