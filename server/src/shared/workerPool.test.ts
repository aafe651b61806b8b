import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkerPool, type WorkerPoolOptions } from './workerPool.ts';

interface BusyJob {
  ms: number;
  value: string;
  fail?: boolean;
  upkeepMs?: number;
}

class PoolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function busyPool(options: Partial<WorkerPoolOptions<BusyJob>> = {}): WorkerPool<BusyJob, { value: string; threadId: number }> {
  return new WorkerPool({
    workerUrl: new URL('../../test/fixtures/busyWorker.ts', import.meta.url),
    threads: 1,
    timeLimitMs: 5000,
    maxQueued: 1,
    waitsForReady: true,
    errors: {
      closed: () => new Error('closed'),
      queueFull: (job) => new PoolError(503, `busy: ${job.value}`),
      timedOut: (job) => new PoolError(504, `too slow: ${job.value}`),
    },
    ...options,
  });
}

test('the worker pool answers jobs, refuses past its queue, and passes on a job error', async () => {
  const pool = busyPool();
  try {
    await pool.warmUp();
    const running = pool.run({ ms: 300, value: 'a' });
    const waiting = pool.run({ ms: 0, value: 'b' });
    await assert.rejects(pool.run({ ms: 0, value: 'c' }), { status: 503, message: 'busy: c' });
    assert.equal((await running).value, 'a');
    assert.equal((await waiting).value, 'b');
    await assert.rejects(pool.run({ ms: 0, value: 'parse', fail: true }), { message: 'cannot parse' });
  } finally {
    await pool.close();
  }
});

test('a job over its time limit ends its thread, and a fresh thread answers the next job', async () => {
  const pool = busyPool({ timeLimitMs: 200 });
  try {
    await pool.warmUp();
    const first = await pool.run({ ms: 0, value: 'first' });
    const started = Date.now();
    await assert.rejects(pool.run({ ms: 5000, value: 'stuck' }), { status: 504, message: 'too slow: stuck' });
    assert.ok(Date.now() - started < 2000, 'the caller is answered at the time limit');
    const next = await pool.run({ ms: 0, value: 'next' });
    assert.equal(next.value, 'next');
    assert.notEqual(next.threadId, first.threadId);
  } finally {
    await pool.close();
  }
});

test('jobs wait for a thread to be ready, and the limit can count the waiting', async () => {
  const pool = busyPool({ workerData: { readyAfterMs: 500 }, timeLimitMs: 200, limitIncludesWaiting: true, startOnDemand: true });
  try {
    await assert.rejects(pool.run({ ms: 0, value: 'early' }), { status: 504 });
    await pool.warmUp();
    assert.equal((await pool.run({ ms: 0, value: 'later' })).value, 'later');
  } finally {
    await pool.close();
  }
});

test('a thread doing upkeep after an answer gets no job until it is over; another thread takes them', async () => {
  const pool = busyPool({ threads: 2, timeLimitMs: 500, maxQueued: 4 });
  try {
    await pool.warmUp();
    // Two threads: the first answers at once and then holds its thread 1.5 s, past any job's time limit.
    const first = await pool.run({ ms: 0, value: 'first', upkeepMs: 1500 });
    const started = Date.now();
    const later = await Promise.all([pool.run({ ms: 50, value: 'a' }), pool.run({ ms: 50, value: 'b' }), pool.run({ ms: 50, value: 'c' })]);
    assert.deepEqual(
      later.map((answer) => answer.value),
      ['a', 'b', 'c'],
      'none timed out waiting behind the upkeep',
    );
    assert.ok(
      later.every((answer) => answer.threadId !== first.threadId),
      'the other thread took them',
    );
    assert.ok(Date.now() - started < 1200, 'without waiting for the upkeep');
  } finally {
    await pool.close();
  }
});

test('closing the pool answers running and waiting jobs and refuses new ones', async () => {
  const pool = busyPool();
  await pool.warmUp();
  const running = pool.run({ ms: 300, value: 'a' });
  const waiting = pool.run({ ms: 0, value: 'b' });
  const answered = Promise.all([assert.rejects(running, { message: 'closed' }), assert.rejects(waiting, { message: 'closed' })]);
  await pool.close();
  await answered;
  await assert.rejects(pool.run({ ms: 0, value: 'c' }), { message: 'closed' });
});
