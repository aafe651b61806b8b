import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Registry } from 'prom-client';
import { capturedLog } from '../testing/capturedLog.ts';
import { catchUpEvery, Ingester, type IngestResult } from './ingester.ts';
import { ROLLUPS } from './schema.ts';
import type { RequestLogLine } from '../requestlog/reader.ts';
import { openStatsStore, type StatsStore } from './store.ts';
import { networkTotals } from './testing/rollupTotals.ts';
import { appendLogLines, syntheticLines } from './testing/requestLogFixture.ts';
import { startPostgresCluster, type PostgresCluster } from './testing/postgresCluster.ts';
import { temporaryFolder } from '../testing/temporaryFolder.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DAYS = ['2026-01-30', '2026-01-31', '2026-02-01'];
const RANGE = { from: '2026-01-01', to: '2026-02-28' };

/** What the statistics must say, computed straight from the log lines. */
function expectedFrom(lines: readonly RequestLogLine[]) {
  const packages = new Map<string, { hits: number; bandwidth: number }>();
  let bandwidth = 0;
  for (const line of lines) {
    bandwidth += line.bytes;
    if (line.status >= 400 || !line.name || (line.type !== 'npm' && line.type !== 'gh')) continue;
    const key = `${line.type}/${line.name}`;
    const entry = packages.get(key) ?? { hits: 0, bandwidth: 0 };
    entry.hits++;
    entry.bandwidth += line.bytes;
    packages.set(key, entry);
  }
  return { hits: lines.length, bandwidth, packages };
}

async function assertCountsEqualLog(store: StatsStore, lines: readonly RequestLogLine[]): Promise<void> {
  const expected = expectedFrom(lines);
  assert.deepEqual(await networkTotals(store, RANGE), { hits: expected.hits, bandwidth: expected.bandwidth });
  const top = await store.reads.packages.topIn(RANGE, 'hits', undefined, { limit: 1000, offset: 0 });
  assert.equal(top.total, expected.packages.size);
  for (const row of top.rows) assert.deepEqual({ hits: row.hits, bandwidth: row.bandwidth }, expected.packages.get(`${row.type}/${row.name}`), row.name);
  assert.equal(await store.writer.ingestedLines(), lines.length);
}

function runChild(
  logDir: string,
  database: string,
  { batchLines, transactionLines, killAt }: { batchLines: number; transactionLines: number; killAt: number },
): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'testing', 'ingestChild.ts'), logDir, database, String(batchLines), String(transactionLines), String(killAt)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code && code !== 0 ? reject(new Error(stderr)) : resolve(signal ?? code)));
  });
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`ingester on ${engine}`, () => {
    let cluster: PostgresCluster | undefined;
    let dir: string;
    const open = async (): Promise<StatsStore> => openStatsStore({ dataDir: dir, storage: { postgresUrl: cluster?.url, redisUrl: undefined } });
    const database = (): string => cluster?.url ?? path.join(dir, 'stats.sqlite');

    before(async () => {
      if (engine === 'postgres') cluster = await startPostgresCluster();
    });
    after(async () => {
      await cluster?.stop();
    });

    const fresh = async (): Promise<{ logDir: string; store: StatsStore }> => {
      dir = temporaryFolder('stats-ingest');
      const store = await open();
      if (engine === 'postgres') {
        // One cluster for the suite: start every test from empty tables.
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
      return { logDir: path.join(dir, 'request-log'), store };
    };

    it('counts every logged request once, across day files and later appends', async () => {
      const { logDir, store } = await fresh();
      const first = syntheticLines({ count: 1200, days: DAYS, seed: 7 });
      appendLogLines(logDir, first);
      const ingester = new Ingester(store, { logDir, batchLines: 250 });
      assert.equal((await ingester.catchUp()).lines, 1200);
      await assertCountsEqualLog(store, first);
      assert.equal((await ingester.catchUp()).lines, 0, 'nothing is counted twice');

      // A late line of an earlier day, and a line still being written (no newline yet).
      const second = syntheticLines({ count: 300, days: DAYS, seed: 8 });
      appendLogLines(logDir, second);
      const partial = JSON.stringify({ ...second[0], t: '2026-02-01T23:59:59.000Z' });
      fs.appendFileSync(path.join(logDir, '2026-02-01.ndjson'), partial);
      await ingester.catchUp();
      await assertCountsEqualLog(store, [...first, ...second]);
      fs.appendFileSync(path.join(logDir, '2026-02-01.ndjson'), '\n');
      await ingester.catchUp();
      await assertCountsEqualLog(store, [...first, ...second, JSON.parse(partial) as RequestLogLine]);
      await store.close();
    });

    it('the ingest loop logs a failed catch-up, retries it after a backoff, and counts every line once', async () => {
      const { logDir, store } = await fresh();
      const lines = syntheticLines({ count: 500, days: DAYS, seed: 23 });
      appendLogLines(logDir, lines);
      const { log, lines: logged } = capturedLog();
      const metrics = new Registry();
      // The first commit meets another writer's lock; the transaction is rolled back.
      const ingester = new Ingester(store, {
        logDir,
        beforeCommit: (n) => {
          if (n === 1) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        },
      });
      // An interval of a minute: only the backoff can bring the retry this soon.
      const counted = await new Promise<IngestResult>((resolve) => {
        const stop = catchUpEvery(ingester, 60_000, { log, metrics }, (result) => void stop().then(() => resolve(result)), 20);
      });
      assert.equal(counted.lines, 500);
      await assertCountsEqualLog(store, lines);
      const failure = logged.find((line) => line['job'] === 'stats-ingest');
      assert.equal(failure?.err?.message, 'database is locked');
      assert.match(failure?.err?.stack ?? '', /ingester\.test\.ts/);
      assert.match(await metrics.metrics(), /skylift_background_job_failures_total\{job="stats-ingest"\} 1/);
      await store.close();
    });

    it('writes consecutive full batches in one transaction while a backlog lasts', async () => {
      const { logDir, store } = await fresh();
      const lines = syntheticLines({ count: 1000, days: DAYS, seed: 17 });
      appendLogLines(logDir, lines);
      const commits: number[] = [];
      const ingester = new Ingester(store, { logDir, batchLines: 100, transactionLines: 300, beforeCommit: (n) => void commits.push(n) });
      const result = await ingester.catchUp();
      // Ten full batches: the first alone (it shows the backlog), then three to a transaction.
      assert.deepEqual([result.lines, result.batches, commits], [1000, 10, [1, 2, 3, 4]]);
      await assertCountsEqualLog(store, lines);
      // A few lines more are not a backlog: one batch, one transaction.
      appendLogLines(logDir, lines.slice(0, 30));
      assert.deepEqual([(await ingester.catchUp()).batches, commits.length], [1, 5]);
      await assertCountsEqualLog(store, [...lines, ...lines.slice(0, 30)]);
      await store.close();
    });

    it('stops a catch-up at its time budget with lines left, and the next goes on from there', async () => {
      const { logDir, store } = await fresh();
      const lines = syntheticLines({ count: 1000, days: DAYS, seed: 19 });
      appendLogLines(logDir, lines);
      const ingester = new Ingester(store, { logDir, batchLines: 100, transactionLines: 200 });
      // A budget of nothing: each catch-up ends after its first transaction.
      const runs: Array<[number, boolean]> = [];
      for (let more = true; more;) {
        const result = await ingester.catchUp(0);
        runs.push([result.lines, result.more]);
        more = result.more;
      }
      // The first batch alone, then two per transaction (the last finds nothing after it), then nothing left.
      assert.deepEqual(runs, [
        [100, true],
        [200, true],
        [200, true],
        [200, true],
        [200, true],
        [100, true],
        [0, false],
      ]);
      await assertCountsEqualLog(store, lines);
      await store.close();
    });

    it('counts the same whether batches are folded in a thread of their own or on the writing thread', async () => {
      const rollups = async (store: StatsStore): Promise<string[]> => {
        const rows: string[] = [];
        for (const table of Object.keys(ROLLUPS)) {
          for (const row of await store.engine.all<Record<string, unknown>>(`SELECT * FROM ${table}`)) {
            rows.push(`${table} ${JSON.stringify(Object.entries(row).map(([column, value]) => [column, typeof value === 'string' ? value : Number(value)]))}`);
          }
        }
        return rows.sort();
      };
      const lines = syntheticLines({ count: 2500, days: DAYS, seed: 21 });
      const counted: string[][] = [];
      for (const foldThread of [true, false]) {
        const { logDir, store } = await fresh();
        appendLogLines(logDir, lines);
        // Full batches: with foldThread, every batch after the first is read and folded in the thread.
        const result = await new Ingester(store, { logDir, batchLines: 400, foldThread }).catchUp();
        assert.equal(result.lines, lines.length);
        await assertCountsEqualLog(store, lines);
        counted.push(await rollups(store));
        await store.close();
      }
      assert.ok(counted[0]!.length > 0);
      assert.deepEqual(counted[0], counted[1]);
    });

    it('adds to the rows of days an earlier process counted, and to new days', async () => {
      const { logDir, store } = await fresh();
      const first = syntheticLines({ count: 900, days: DAYS.slice(0, 2), seed: 31 });
      appendLogLines(logDir, first);
      await new Ingester(store, { logDir, batchLines: 300 }).catchUp();
      await store.close();
      // A new process knows nothing of what was written: the same days again, and a day not seen yet.
      const restarted = await open();
      const second = syntheticLines({ count: 900, days: DAYS, seed: 32 });
      appendLogLines(logDir, second);
      assert.equal((await new Ingester(restarted, { logDir, batchLines: 300 }).catchUp()).lines, 900);
      await assertCountsEqualLog(restarted, [...first, ...second]);
      await restarted.close();
    });

    it('skips damaged lines without stopping', async () => {
      const { logDir, store } = await fresh();
      const lines = syntheticLines({ count: 20, days: ['2026-02-01'], seed: 3 });
      appendLogLines(logDir, lines.slice(0, 10));
      fs.appendFileSync(path.join(logDir, '2026-02-01.ndjson'), '{not json\n{"t":"x"}\n');
      appendLogLines(logDir, lines.slice(10));
      const result = await new Ingester(store, { logDir }).catchUp();
      assert.deepEqual([result.lines, result.skipped], [20, 2]);
      assert.equal((await networkTotals(store, RANGE)).hits, 20);
      await store.close();
    });

    it('counts each line once when two ingesters read the same log at the same time', async () => {
      const { logDir, store } = await fresh();
      const other = await open();
      const lines = syntheticLines({ count: 3000, days: DAYS, seed: 5 });
      appendLogLines(logDir, lines);
      await Promise.all([new Ingester(store, { logDir, batchLines: 200 }).catchUp(), new Ingester(other, { logDir, batchLines: 200 }).catchUp()]);
      await assertCountsEqualLog(store, lines);
      await other.close();
      await store.close();
    });

    it('neither loses nor double-counts a line when killed -9 inside a batch and restarted', async () => {
      const { logDir, store } = await fresh();
      await store.close();
      const lines = syntheticLines({ count: 2000, days: DAYS, seed: 11 });
      appendLogLines(logDir, lines);
      const outcome = await runChild(logDir, database(), { batchLines: 300, transactionLines: 600, killAt: 3 });
      assert.equal(outcome, 'SIGKILL');
      const restarted = await open();
      // The first batch alone (it showed the backlog), then two batches in one transaction, were committed
      // before the crash; the third transaction, of two batches, died before its commit.
      assert.equal(await restarted.writer.ingestedLines(), 900);
      await new Ingester(restarted, { logDir, batchLines: 300 }).catchUp();
      await assertCountsEqualLog(restarted, lines);
      await restarted.close();
    });
  });
}
