import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { requestLogDir, type RequestLogLine } from '../requestlog/reader.ts';
import { Ingester } from '../stats/ingester.ts';
import { isoDay } from '../stats/periods.ts';
import { openStatsStore, type StatsStore } from '../stats/store.ts';
import { appendLogLines } from '../stats/testing/requestLogFixture.ts';
import { capturedLog } from '../testing/capturedLog.ts';
import { until } from '../testing/until.ts';
import { buildSearchApp } from './app.ts';
import { HitsRefresher } from './hitsRefresher.ts';
import { acquireSearchIndex, indexPackageDocument, releaseSearchIndex } from './indexer.ts';
import type { SearchRecord } from './record.ts';
import { packument, searchTestConfig } from './testing.ts';

/** Lines the CDN would have written for `count` served files of a package, today. */
function servedLines(name: string, count: number, day = isoDay(new Date())): RequestLogLine[] {
  return Array.from({ length: count }, (_, i) => ({
    v: 1,
    t: `${day}T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
    type: 'npm',
    name,
    version: '1.0.0',
    kind: 'version',
    file: '/dist/widget.min.js',
    status: 200,
    bytes: 1000,
    provider: null,
    country: null,
    ua: null,
    proxy: null,
  }));
}

describe('jsDelivrHits come from our own statistics', () => {
  let config: Config;
  let cleanup: () => void;
  let stats: StatsStore;
  let search: FastifyInstance;

  const build = (): Promise<FastifyInstance> =>
    buildSearchApp(config, {
      catalogFile: path.join(config.dataDir, 'no-catalog.tsv.gz'),
      enrichCatalog: false,
      followChanges: false,
      stats,
    });

  async function find(app: FastifyInstance, query: string): Promise<SearchRecord[]> {
    const response = await app.inject({
      method: 'POST',
      url: `/1/indexes/${config.search.indexName}/query`,
      headers: { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey },
      payload: JSON.stringify({ query }),
    });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { hits: SearchRecord[] }).hits;
  }

  const ingest = async (lines: RequestLogLine[]): Promise<void> => {
    appendLogLines(requestLogDir(config.dataDir), lines);
    await new Ingester(stats, { logDir: requestLogDir(config.dataDir) }).catchUp();
  };

  before(async () => {
    ({ config, cleanup } = searchTestConfig());
    stats = await openStatsStore(config);
    // Two equally relevant packages; npm downloads put the beta first.
    const fields = { description: 'A small widget for dashboards', license: 'MIT', main: 'index.js' };
    indexPackageDocument(config, packument('alpha-widget', '1.0.0', fields), { downloads: 10 });
    indexPackageDocument(config, packument('beta-widget', '1.0.0', fields), { downloads: 1_000 });
    search = await build();
    await search.ready();
  });

  after(async () => {
    await search.close();
    await stats.close();
    cleanup();
  });

  it('ranks by npm downloads while the CDN has served neither package', async () => {
    const hits = await find(search, 'widget');
    assert.deepEqual(
      hits.map((hit) => hit.name),
      ['beta-widget', 'alpha-widget'],
    );
    assert.deepEqual(
      hits.map((hit) => hit.jsDelivrHits),
      [0, 0],
    );
  });

  it('a refresh after request-log lines are ingested reorders the packages by what the CDN served', async () => {
    await ingest(servedLines('alpha-widget', 5_000));
    const index = acquireSearchIndex(config);
    try {
      assert.equal(await new HitsRefresher(index, stats).refresh(), 1);
    } finally {
      releaseSearchIndex(config);
    }
    const hits = await find(search, 'widget');
    assert.deepEqual(
      hits.map((hit) => hit.name),
      ['alpha-widget', 'beta-widget'],
    );
    assert.equal(hits[0]!.jsDelivrHits, 5_000);
    assert.equal(hits[1]!.jsDelivrHits, 0);
  });

  it('the service reads the hits at start-up, and hits older than 30 days no longer count', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await ingest(servedLines('beta-widget', 50_000, isoDay(old)));
    await ingest(servedLines('beta-widget', 30));
    await search.close();
    search = await build();
    await search.ready();
    const hits = await find(search, 'widget');
    assert.deepEqual(
      hits.map((hit) => [hit.name, hit.jsDelivrHits]),
      [
        ['alpha-widget', 5_000],
        ['beta-widget', 30],
      ],
    );
  });

  it('refreshes again every interval while running', async () => {
    const index = acquireSearchIndex(config);
    const refresher = new HitsRefresher(index, stats, { intervalMs: 20 });
    try {
      await refresher.start({ log: capturedLog().log });
      await ingest(servedLines('beta-widget', 10_000));
      await until(() => index.get('beta-widget')?.jsDelivrHits === 10_030, { message: 'the new hits to reach the index', timeoutMs: 15_000, intervalMs: 20 });
    } finally {
      await refresher.stop();
      releaseSearchIndex(config);
    }
    const hits = await find(search, 'widget');
    assert.deepEqual(
      hits.map((hit) => [hit.name, hit.jsDelivrHits]),
      [
        ['beta-widget', 10_030],
        ['alpha-widget', 5_000],
      ],
    );
  });

  it('a package that drops out of the statistics goes back to 0', async () => {
    const index = acquireSearchIndex(config);
    try {
      const aMonthLater = () => new Date(Date.now() + 31 * 86_400_000);
      await new HitsRefresher(index, stats, { now: aMonthLater }).refresh();
    } finally {
      releaseSearchIndex(config);
    }
    const hits = await find(search, 'widget');
    assert.deepEqual(
      hits.map((hit) => [hit.name, hit.jsDelivrHits]),
      [
        ['beta-widget', 0],
        ['alpha-widget', 0],
      ],
    );
  });
});
