import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { catchUpEvery, Ingester, type IngestResult } from './ingester.ts';
import type { RequestLogLine } from '../requestlog/line.ts';
import type { EdgeFeed } from '../requestlog/edge/feeds.ts';
import { openStatsStore, type StatsStore } from './store.ts';
import { appendLogLines, logLine } from './testing/requestLogFixture.ts';
import { cacheResults, networkByCountry, networkTotals } from './testing/rollupTotals.ts';
import { startPostgresCluster, type PostgresCluster } from './testing/postgresCluster.ts';
import { temporaryFolder } from '../testing/temporaryFolder.ts';

const samples = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'requestlog', 'edge', 'samples');
const RANGE = { from: '2026-11-01', to: '2026-11-30' };
const SAMPLE = { cloudflare: 'cloudflare-http_requests.ndjson', fastly: 'fastly-json.ndjson', bunny: 'bunny-cdn.txt' } as const;

function originLine(provider: string | null, bytes: number): RequestLogLine {
  return logLine({ bytes, provider, country: provider ? 'DE' : null, cache: 'miss' });
}

/** Requests by provider from the per-country figures (every provider, every country). */
async function hitsByProvider(store: StatsStore): Promise<Record<string, number>> {
  const byProvider: Record<string, number> = {};
  for (const row of await networkByCountry(store, RANGE)) byProvider[row.provider] = (byProvider[row.provider] ?? 0) + row.hits;
  return byProvider;
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`edge logs on ${engine}`, () => {
    let cluster: PostgresCluster | undefined;
    let dir: string;
    const open = (): Promise<StatsStore> => openStatsStore({ dataDir: dir, storage: { postgresUrl: cluster?.url, redisUrl: undefined } });

    before(async () => {
      if (engine === 'postgres') cluster = await startPostgresCluster();
    });
    after(async () => {
      await cluster?.stop();
    });

    const fresh = async (): Promise<{ logDir: string; feeds: EdgeFeed[]; store: StatsStore }> => {
      dir = temporaryFolder('stats-edge');
      const store = await open();
      if (engine === 'postgres') {
        for (const table of [
          'ingest_position',
          'daily_package',
          'daily_version',
          'daily_file',
          'daily_network',
          'daily_client',
          'daily_proxy',
          'daily_proxy_file',
          'daily_cache',
        ]) {
          await store.engine.run(`DELETE FROM ${table}`);
        }
      }
      const feeds: EdgeFeed[] = [];
      for (const provider of ['cloudflare', 'fastly', 'bunny'] as const) {
        const feedDir = path.join(dir, 'edge', provider);
        fs.mkdirSync(feedDir, { recursive: true });
        fs.copyFileSync(path.join(samples, SAMPLE[provider]), path.join(feedDir, SAMPLE[provider]));
        feeds.push({ provider, dir: feedDir });
      }
      return { logDir: path.join(dir, 'request-log'), feeds, store };
    };

    it('edge lines and our own direct lines add up exactly; origin lines that came through a fed edge are not counted twice', async () => {
      const { logDir, feeds, store } = await fresh();
      // Three requests straight to us, two cache misses Cloudflare already logged, one Fastly miss, one from
      // a provider without a feed (still counted from our log).
      appendLogLines(logDir, [
        originLine(null, 100),
        originLine(null, 100),
        originLine(null, 100),
        originLine('CF', 1234),
        originLine('cf', 1234),
        originLine('FY', 1234),
        originLine('GC', 50),
      ]);
      const result = await new Ingester(store, { logDir, edgeFeeds: feeds, batchLines: 3 }).catchUp();
      assert.deepEqual([result.lines, result.skipped, result.countedByEdge], [4 + 5 + 4 + 4, 0, 3]);

      assert.deepEqual(await hitsByProvider(store), { OR: 3, GC: 1, CF: 5, FY: 4, BN: 4 });
      const edgeBytes = 1234 + 1234 + 30000 + 60 + 5000 + (1234 + 1234 + 4096 + 2048) + (1234 + 1234 + 0 + 777);
      assert.deepEqual(await networkTotals(store, RANGE), { hits: 17, bandwidth: 300 + 50 + edgeBytes });
      // left-pad: 3 direct + 1 via Gcore, and the edges' served requests (Cloudflare's 404 is not a download).
      const top = await store.reads.packages.topIn(RANGE, 'hits', undefined, { limit: 10, offset: 0 });
      const hits = Object.fromEntries(top.rows.map((r) => [`${r.type}/${r.name}`, r.hits]));
      assert.deepEqual(hits, { 'npm/left-pad': 4 + 2 + 3 + 2, 'npm/jquery': 2, 'npm/@babel/core': 1, 'gh/twbs/bootstrap': 2 });
      // Versions only where the URL named an exact one.
      const versions = await store.reads.packages.topVersions('npm', 'left-pad', RANGE, 'hits', { limit: 10, offset: 0 });
      assert.deepEqual(
        versions.rows.map((v) => [v.version, v.hits.total]),
        [['1.3.0', 4 + 2 + 2 + 2]],
      );
      const cache = Object.fromEntries((await cacheResults(store, RANGE)).map((r) => [`${r.provider} ${r.result}`, r.hits]));
      assert.deepEqual(cache, { 'OR miss': 3, 'GC miss': 1, 'CF hit': 2, 'CF miss': 3, 'FY hit': 1, 'FY miss': 1, 'FY stale': 1, 'BN hit': 3, 'BN miss': 1 });
      assert.equal(await store.writer.ingestedLines(), 7 + 13);
      await store.close();
    });

    it('a sample ingested twice, by a restarted ingester, is counted once; lines appended later are counted once more', async () => {
      const { logDir, feeds, store } = await fresh();
      assert.equal((await new Ingester(store, { logDir, edgeFeeds: feeds }).catchUp()).lines, 13);
      await store.close();
      const reopened = await open();
      const again = await new Ingester(reopened, { logDir, edgeFeeds: feeds }).catchUp();
      assert.deepEqual([again.lines, again.batches], [0, 0]);
      assert.equal((await networkTotals(reopened, RANGE)).hits, 13);

      const bunny = path.join(feeds[2]!.dir, SAMPLE.bunny);
      const [last] = fs.readFileSync(bunny, 'utf8').trim().split('\n').slice(-1);
      fs.appendFileSync(bunny, `${last}\n`);
      assert.equal((await new Ingester(reopened, { logDir, edgeFeeds: feeds }).catchUp()).lines, 1);
      assert.deepEqual(await hitsByProvider(reopened), { CF: 5, FY: 4, BN: 5 });
      await reopened.close();
    });

    it('damaged edge lines are skipped and counted, never fatal, and the lines around them still count', async () => {
      const { logDir, feeds, store } = await fresh();
      const fastly = path.join(feeds[1]!.dir, SAMPLE.fastly);
      fs.appendFileSync(fastly, '{"time":"2026-11-21T11:00:00+0000","url":\n<html>gateway timeout</html>\n');
      fs.appendFileSync(
        fastly,
        '{"time":"2026-11-21T12:00:00+0000","url":"/npm/left-pad@1.3.0/index.js","status":200,"bytes":10,"state":"HIT","country":"DE","ua":"curl/8.5.0"}\n',
      );
      // The running ingester reports what it skipped (the data API logs it as a warning).
      const reported = await new Promise<IngestResult>((resolve, reject) => {
        const host = { log: { error: (fields: Record<string, unknown>) => reject(fields['err']) } };
        const stop = catchUpEvery(new Ingester(store, { logDir, edgeFeeds: feeds }), 60_000, host, (result) => void stop().then(() => resolve(result)));
      });
      assert.deepEqual([reported.lines, reported.skipped], [14, 2]);
      assert.equal((await networkTotals(store, RANGE)).hits, 14);
      // Consumed: the damaged lines are not read again.
      assert.deepEqual((await new Ingester(store, { logDir, edgeFeeds: feeds }).catchUp()).skipped, 0);
      await store.close();
    });
  });
}
