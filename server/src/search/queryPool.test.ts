import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { buildSearchApp } from './app.ts';
import type { ShapedResult, ShapedSearch } from './answerJson.ts';
import { acquireSearchIndex, releaseSearchIndex, searchIndexFile } from './indexer.ts';
import { QueryPool, searchCost, type QueryPoolOptions } from './queryPool.ts';
import type { SearchRecord } from './record.ts';
import { searchTestConfig } from './testing.ts';
import { until } from '../testing/until.ts';

/** Enough packages matching one word that ranking them under many filters takes a long while (a call of 50 queries with 50 filters: about two thirds of a second). */
const PACKAGES = 30_000;

function record(n: number): SearchRecord {
  const name = `widget-${n}`;
  return {
    objectID: name,
    name,
    description: `A widget for dashboards, number ${n}`,
    version: '1.0.0',
    license: 'MIT',
    homepage: null,
    keywords: ['widget'],
    owner: { name: `owner${n % 50}`, avatar: '', link: '' },
    githubRepo: null,
    deprecated: false,
    popular: false,
    moduleTypes: ['esm'],
    styleTypes: ['none'],
    jsDelivrHits: 0,
    downloads: n,
  };
}

/** The name of an answer's first hit, from the JSON text the query thread wrote. */
const firstHitName = (answer: ShapedResult | undefined): string | undefined => (JSON.parse(answer!.hitsJson) as Array<{ name: string }>)[0]?.name;
const plain = (query: string): ShapedSearch => ({ query, page: 0, hitsPerPage: 5, facetFilters: [], hitsLimit: 5 });

/**
 * Every one of the packages matches, by its description only (no name holds the word, so every match is
 * ranked), and each is tested against every filter group.
 */
function slow(groups: number): ShapedSearch {
  return {
    query: 'dashboards',
    page: 0,
    hitsPerPage: 5,
    hitsLimit: 5,
    facetFilters: Array.from({ length: groups }, (_, i) => [{ attribute: 'owner.name', value: `nobody${i}`, negated: true }]),
  };
}

let config: Config;
let cleanup: () => void;

before(() => {
  ({ config, cleanup } = searchTestConfig());
  const index = acquireSearchIndex(config);
  index.transaction(() => {
    for (let n = 0; n < PACKAGES; n++) index.upsert(record(n), 'document');
  });
  releaseSearchIndex(config);
});

after(() => cleanup());

/** Waits until the app's query threads have this many calls running and waiting. */
const loadOf = (app: FastifyInstance, load: { running: number; waiting: number }): Promise<boolean> =>
  until(() => JSON.stringify(app.searchQueries.load) === JSON.stringify(load), {
    message: () => `${JSON.stringify(load)} calls running and waiting (${JSON.stringify(app.searchQueries.load)})`,
    intervalMs: 5,
  });

describe('search query threads', () => {
  it('answer queries off the serving thread, in order', async () => {
    const pool = new QueryPool(searchIndexFile(config), { threads: 1 });
    try {
      await pool.ready();
      const [first, second] = await pool.search([plain('widget-42'), plain('nothing-like-it')]);
      assert.equal(firstHitName(first), 'widget-42');
      assert.equal(second!.nbHits, 0);
    } finally {
      await pool.close();
    }
  });

  it('stop a query over its time limit with a clear error, and keep answering with a fresh thread', async () => {
    const pool = new QueryPool(searchIndexFile(config), { threads: 1, timeLimitMs: 200 });
    try {
      await pool.ready();
      const started = performance.now();
      await assert.rejects(pool.search([slow(20_000)]), {
        status: 504,
        message: 'The search took longer than 200 ms and was stopped; try fewer filters or a longer query',
      });
      assert.ok(performance.now() - started < 2000, 'the caller is answered at the limit, not when the query would end');
      const [answer] = await pool.search([plain('widget-7')]);
      assert.equal(firstHitName(answer), 'widget-7');
    } finally {
      await pool.close();
    }
  });

  it('refuse at once past a full queue, and answer what they accepted', async () => {
    // No thread of its own for cheap calls: they wait in their lane's queue like any.
    const pool = new QueryPool(searchIndexFile(config), { threads: 1, cheapThreads: 0, maxQueued: 1, timeLimitMs: 60_000 });
    try {
      await pool.ready();
      const accepted = [pool.search([slow(200)]), pool.search([plain('widget-1')])];
      await assert.rejects(pool.search([plain('widget-2')]), { status: 503, message: 'The search service is busy; please try again in a moment' });
      const answers = await Promise.all(accepted);
      assert.equal(firstHitName(answers[1]![0]), 'widget-1');
    } finally {
      await pool.close();
    }
  });
});

describe('the search API under slow queries', () => {
  let app: FastifyInstance;
  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    'x-algolia-application-id': config.search.appId,
    'x-algolia-api-key': config.search.apiKey,
  });
  // As many queries and filters as one call may carry, each query matching every package (by its description).
  const heavyCall = (): string =>
    JSON.stringify({
      requests: Array.from({ length: 50 }, () => ({
        indexName: config.search.indexName,
        query: 'dashboards',
        hitsPerPage: 1,
        facetFilters: Array.from({ length: 50 }, (_, i) => `owner.name:-nobody${i}`),
      })),
    });

  const post = (url: string, payload: string) => app.inject({ method: 'POST', url, headers: headers(), payload });
  const plainCall = (query: string): string => JSON.stringify({ query, hitsPerPage: 1 });
  const single = (): string => `/1/indexes/${config.search.indexName}/query`;

  before(async () => {
    // One thread, one waiting call; the heavy call takes about two thirds of a second here, four times the limit.
    // At the serving thread's priority: on a machine busy with other work, a thread that yields its core (as
    // heavy threads do) can take longer than the limit for a call that takes a millisecond alone.
    app = await buildSearchApp(config, {
      catalogFile: '/nonexistent',
      enrichCatalog: false,
      hitsRefreshIntervalMs: false,
      queries: { threads: 1, cheapThreads: 0, timeLimitMs: 150, maxQueued: 1, heavyThreadNice: 0 },
    });
    await app.ready();
  });
  after(async () => app.close());

  it('answers a call over the time limit with 504 in the API error shape, then answers the next', async () => {
    const started = performance.now();
    const slowCall = await post('/1/indexes/*/queries', heavyCall());
    assert.equal(slowCall.statusCode, 504);
    assert.deepEqual(slowCall.json(), { message: 'The search took longer than 150 ms and was stopped; try fewer filters or a longer query', status: 504 });
    assert.ok(performance.now() - started < 1000);
    const next = await post(single(), plainCall('widget-9'));
    assert.equal(next.statusCode, 200);
    assert.equal((next.json() as { hits: SearchRecord[] }).hits[0]!.name, 'widget-9');
  });

  it('answers 503 in the API error shape while every thread is busy and the queue is full', async () => {
    assert.equal((await post(single(), plainCall('widget-1'))).statusCode, 200);
    const busy = post('/1/indexes/*/queries', heavyCall());
    await loadOf(app, { running: 1, waiting: 0 });
    const waiting = post(single(), plainCall('widget-2'));
    await loadOf(app, { running: 1, waiting: 1 });
    const refused = await post(single(), plainCall('widget-3'));
    assert.equal(refused.statusCode, 503);
    assert.deepEqual(refused.json(), { message: 'The search service is busy; please try again in a moment', status: 503 });
    assert.equal((await busy).statusCode, 504);
    assert.equal((await waiting).statusCode, 200);
  });
});

describe('fair admission of search calls', () => {
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    'content-type': 'application/json',
    'x-algolia-application-id': config.search.appId,
    'x-algolia-api-key': config.search.apiKey,
    ...extra,
  });
  // 50 queries with 49 negated filters each, every query matching every package: about two thirds of a second here.
  const heavyCall = (): string =>
    JSON.stringify({
      requests: Array.from({ length: 50 }, () => ({
        indexName: config.search.indexName,
        query: 'dashboards',
        hitsPerPage: 1,
        facetFilters: Array.from({ length: 49 }, (_, i) => `owner.name:-nobody${i}`),
      })),
    });
  const cheapCall = (query: string): string => JSON.stringify({ query, hitsPerPage: 1 });
  const build = (queries: QueryPoolOptions, edgeSecret?: string): Promise<FastifyInstance> =>
    buildSearchApp(edgeSecret ? { ...config, edgeHeaders: { ...config.edgeHeaders, secret: edgeSecret } } : config, {
      catalogFile: '/nonexistent',
      enrichCatalog: false,
      hitsRefreshIntervalMs: false,
      queries: { timeLimitMs: 60_000, ...queries },
    });

  it('costs a call by its queries and their filters', () => {
    assert.equal(searchCost([plain('react')]), 1);
    assert.equal(searchCost([slow(49), slow(49)]), 100);
  });

  it("answers another client's cheap call while one client's heavy calls are still waiting", async () => {
    const app = await build({ threads: 1, budget: 1_000_000 });
    try {
      await app.ready();
      const done: boolean[] = [];
      const heavy = [0, 1, 2].map((at) =>
        app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers: headers(), payload: heavyCall(), remoteAddress: '192.0.2.1' }).then((response) => {
          done[at] = true;
          return response;
        }),
      );
      // The first heavy call runs on the one heavy thread, the two others wait.
      await loadOf(app, { running: 1, waiting: 2 });
      const started = performance.now();
      const cheap = await app.inject({
        method: 'POST',
        url: `/1/indexes/${config.search.indexName}/query`,
        headers: headers(),
        payload: cheapCall('widget-3'),
        remoteAddress: '192.0.2.2',
      });
      const waited = performance.now() - started;
      assert.equal(cheap.statusCode, 200);
      assert.equal((cheap.json() as { hits: SearchRecord[] }).hits[0]!.name, 'widget-3');
      assert.deepEqual(done, [], 'answered before the first heavy call');
      assert.ok(waited < 500, `the cheap call waited ${Math.round(waited)} ms`);
      for (const response of await Promise.all(heavy)) assert.equal(response.statusCode, 200);
    } finally {
      await app.close();
    }
  });

  it('answers a client over its budget with 429 and Retry-After in the API error shape, and admits another client', async () => {
    const app = await build({ threads: 1, budget: 3000 });
    try {
      await app.ready();
      const send = (address: string, extra: Record<string, string> = {}) =>
        app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers: headers(extra), payload: heavyCall(), remoteAddress: address });
      const first = send('192.0.2.1');
      await loadOf(app, { running: 1, waiting: 0 });
      const refused = await send('192.0.2.1');
      assert.equal(refused.statusCode, 429);
      assert.match(String(refused.headers['retry-after']), /^[1-9]\d*$/);
      const body = refused.json() as { message: string; status: number };
      assert.equal(body.status, 429);
      assert.match(body.message, /Too many of your searches are already running or waiting; please try again in \d+ s/);
      // X-Forwarded-For from a client the edge is not trusted for names no one else.
      assert.equal((await send('192.0.2.1', { 'x-forwarded-for': '198.51.100.7' })).statusCode, 429);
      const other = send('192.0.2.2');
      assert.equal((await first).statusCode, 200);
      assert.equal((await other).statusCode, 200);
    } finally {
      await app.close();
    }
  });

  it("keys calls that carry the edge secret by the edge's client address", async () => {
    const app = await build({ threads: 1, budget: 3000 }, 'edge-secret-for-tests');
    try {
      await app.ready();
      const send = (client: string) =>
        app.inject({
          method: 'POST',
          url: '/1/indexes/*/queries',
          headers: headers({ 'x-edge-secret': 'edge-secret-for-tests', 'x-forwarded-for': client }),
          payload: heavyCall(),
          remoteAddress: '10.0.0.9',
        });
      const first = send('198.51.100.1');
      await loadOf(app, { running: 1, waiting: 0 });
      const sameClient = await send('198.51.100.1');
      assert.equal(sameClient.statusCode, 429);
      const otherClient = send('198.51.100.2');
      assert.equal((await first).statusCode, 200);
      assert.equal((await otherClient).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});
