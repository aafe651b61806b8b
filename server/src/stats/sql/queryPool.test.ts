import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../config/config.ts';
import { buildDataApp } from '../../data/app.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { StatsStore } from '../store.ts';
import { startPostgresCluster } from '../testing/postgresCluster.ts';
import type { SqlValue } from './engine.ts';
import { openPostgresEngine } from './postgresEngine.ts';
import { SqliteQueryPool } from './queryPool.ts';
import { openSqliteEngine } from './sqliteEngine.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

/**
 * A query that keeps SQLite busy well past the limits below (about 1.7 s on a two-core development machine): no
 * longer, since a thread ended at its limit still runs its statement to the end, on a core the other tests share.
 */
const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 12000000) SELECT COUNT(*) AS n FROM c';

function database(): string {
  const dir = temporaryFolder('stats-query');
  const file = path.join(dir, 'stats.sqlite');
  const engine = openSqliteEngine(file);
  void engine.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
  void engine.close();
  return file;
}

/** Longest gap between timer ticks of this thread while `work` runs: what a serving thread would feel. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('statistics queries on SQLite run in worker threads with a time limit', () => {
  it('answers queries off this thread, on a connection that sees what was committed', async () => {
    const pool = new SqliteQueryPool(database());
    try {
      assert.deepEqual(await pool.all('SELECT SUM(n) AS total FROM t WHERE n > ?', [1]), [{ total: 5 }]);
      await assert.rejects(pool.all('SELECT nope FROM t', []), /no such column: nope/);
    } finally {
      await pool.close();
    }
  });

  it('a query over its limit gets a 504 at its limit while this thread keeps running; the pool then answers the next query', async () => {
    const pool = new SqliteQueryPool(database(), { timeLimitMs: 300, threads: 2 });
    try {
      await pool.warmUp();
      const started = performance.now();
      let error: unknown;
      const stall = await longestStall(() => pool.all(SLOW, []).catch((e: unknown) => (error = e)));
      const elapsed = performance.now() - started;
      assert.deepEqual(
        { status: (error as { status?: number }).status, message: (error as Error).message },
        {
          status: 504,
          message: 'The statistics query took longer than 300 ms; choose a shorter period or try again later.',
        },
      );
      assert.ok(elapsed < 2000, `answered after ${Math.round(elapsed)} ms`);
      assert.ok(stall < 200, `this thread stalled ${Math.round(stall)} ms`);
      assert.deepEqual(await pool.all('SELECT COUNT(*) AS n FROM t', []), [{ n: 3 }]);
    } finally {
      await pool.close();
    }
  });

  it('past its queue the pool refuses at once with a 503; a query waiting past its limit gets its 504 without running', async () => {
    const pool = new SqliteQueryPool(database(), { timeLimitMs: 400, threads: 1, maxQueued: 2 });
    try {
      await pool.warmUp();
      const running = pool.all(SLOW, []).catch((e: unknown) => e);
      const waiting = [pool.all('SELECT 1 AS a', []).catch((e: unknown) => e), pool.all('SELECT 2 AS b', []).catch((e: unknown) => e)];
      await assert.rejects(pool.all('SELECT 3 AS c', []), { status: 503, message: 'The statistics are busy answering other queries; try again shortly.' });
      for (const outcome of await Promise.all([running, ...waiting])) assert.equal((outcome as { status?: number }).status, 504);
    } finally {
      await pool.close();
    }
  });

  it('the data API answers a statistics request over the limit with 504 in its {status, message} shape', async () => {
    const dir = temporaryFolder('stats-query-api');
    const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
    const engine = openSqliteEngine(path.join(dir, 'stats.sqlite'), { queryPool: { timeLimitMs: 200 } });
    // The ranking read is one that keeps SQLite busy for seconds, however warm the threads are.
    const slowEngine = new Proxy(engine, {
      get(target, property) {
        if (property === 'all') return (sql: string, params?: SqlValue[]) => (sql.includes('FROM daily_package') ? engine.all(SLOW) : engine.all(sql, params));
        return Reflect.get(target, property, target);
      },
    });
    const stats = new StatsStore(slowEngine);
    await stats.init();
    const app = await buildDataApp(config, { store: new MemoryPackageStore([]), stats, ingestIntervalMs: false });
    try {
      const response = await app.inject('/v1/stats/packages?period=year');
      assert.equal(response.statusCode, 504);
      assert.deepEqual(response.json(), { status: 504, message: 'The statistics query took longer than 200 ms; choose a shorter period or try again later.' });
      assert.match(String(response.headers['cache-control']), /no-store/);
    } finally {
      await app.close();
      await stats.close();
    }
  });
});

describe('statistics queries on PostgreSQL have a time limit', () => {
  it('the server cancels a read over its limit and the store answers 504; writes in transactions have no such limit', async () => {
    const cluster = await startPostgresCluster();
    const engine = openPostgresEngine(cluster.url, { queryTimeLimitMs: 300 });
    try {
      await assert.rejects(engine.all('SELECT pg_sleep(5) AS slept'), {
        status: 504,
        message: 'The statistics query took longer than 300 ms; choose a shorter period or try again later.',
      });
      await engine.transaction(async (tx) => tx.run('SELECT pg_sleep(0.5)'));
      assert.deepEqual(await engine.all('SELECT 1 AS ok'), [{ ok: 1 }]);
    } finally {
      await engine.close();
      await cluster.stop();
    }
  });
});
