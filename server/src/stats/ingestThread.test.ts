import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, it } from 'node:test';
import { IngestThread } from './ingestThread.ts';
import { openStatsStore, type StatsStore } from './store.ts';
import { networkTotals } from './testing/rollupTotals.ts';
import { appendLogLines, syntheticLines } from './testing/requestLogFixture.ts';

const DAYS = ['2026-01-30', '2026-01-31'];
const RANGE = { from: '2026-01-01', to: '2026-02-28' };

describe('ingest thread', () => {
  let dir: string;
  let store: StatsStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const setUp = async (lines: number) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-thread-'));
    const config = { dataDir: dir, storage: { postgresUrl: undefined, redisUrl: undefined }, edgeLogs: [] };
    const logDir = path.join(dir, 'request-log');
    appendLogLines(logDir, syntheticLines({ count: lines, days: DAYS, packages: 3000, seed: 9 }));
    store = await openStatsStore(config);
    const told: string[][] = [];
    const thread = new IngestThread({ config, logDir }, (days) => told.push([...days]));
    return { thread, told, store, logDir };
  };

  it('counts the log into the same database from its own connection, and says which days changed', async () => {
    const { thread, told, store } = await setUp(500);
    // Closed whatever fails: a thread left running would keep this file's process, and the suite, from ending.
    try {
      const result = await thread.catchUp();
      assert.deepEqual([result.lines, result.more], [500, false]);
      assert.deepEqual(
        told.map((days) => [...days].sort()),
        [DAYS],
      );
      // The serving store's own connection reads what the thread wrote.
      assert.equal((await networkTotals(store, RANGE)).hits, 500);
      assert.equal((await thread.catchUp()).lines, 0, 'nothing is counted twice');
    } finally {
      await thread.close();
    }
  });

  it('leaves the calling thread free to answer while it works through a backlog', async () => {
    // Two full batches and more: folding and writing 45,000 lines take this machine about a second.
    const { thread, store } = await setUp(45_000);
    try {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const result = await thread.catchUp();
      delay.disable();
      assert.equal(result.lines, 45_000);
      assert.equal((await networkTotals(store, RANGE)).hits, 45_000);
      // Ingesting on this thread held the event loop for 170 ms at a time (the first batch of 20,000 lines is
      // folded where the ingester runs); from its own thread, 15 ms.
      assert.ok(delay.max / 1e6 < 100, `the event loop was held for ${(delay.max / 1e6).toFixed(0)} ms`);
    } finally {
      await thread.close();
    }
  });
});
