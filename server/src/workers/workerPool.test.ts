import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientOverBudget } from '../admission/fairQueue.ts';
import { threadHeaps } from './threadHeaps.ts';
import { WorkerPool, type WorkerPoolOptions } from './workerPool.ts';
import { until } from '../testing/until.ts';

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

/** Records the order in which jobs were answered, by value. */
function answered(order: string[], job: Promise<{ value: string }>): Promise<void> {
  return job.then(({ value }) => {
    order.push(value);
  });
}

test('a cheap job starts on its reserved thread while another client heavy backlog is still waiting', async () => {
  const pool = busyPool({ threads: 2, maxQueued: 20, fairness: { budget: 1000, cheapCost: 1, reservedThreads: 1 } });
  try {
    await pool.warmUp();
    const order: string[] = [];
    const heavy = Array.from({ length: 6 }, (_, at) => answered(order, pool.run({ ms: 150, value: `heavy${at}` }, { client: 'a', cost: 50 })));
    // One heavy job runs on the thread heavy jobs may take, the five others wait.
    await until(() => pool.load.running === 1 && pool.load.waiting === 5, { message: () => `the heavy backlog (${JSON.stringify(pool.load)})`, intervalMs: 5 });
    const started = Date.now();
    await answered(order, pool.run({ ms: 0, value: 'cheap' }, { client: 'b', cost: 1 }));
    assert.ok(Date.now() - started < 100, `the cheap job waited ${Date.now() - started} ms`);
    assert.deepEqual(order, ['cheap'], 'answered before any heavy job of the backlog');
    await Promise.all(heavy);
    assert.deepEqual(order.slice(1), ['heavy0', 'heavy1', 'heavy2', 'heavy3', 'heavy4', 'heavy5'], 'one client keeps its own order');
  } finally {
    await pool.close();
  }
});

test('a cheap job is served before waiting heavy jobs even from the same client, when every thread may run heavy jobs', async () => {
  const pool = busyPool({ threads: 1, maxQueued: 20, fairness: { budget: 1000, cheapCost: 1 } });
  try {
    await pool.warmUp();
    const order: string[] = [];
    const jobs = [0, 1, 2].map((at) => answered(order, pool.run({ ms: 100, value: `heavy${at}` }, { client: 'a', cost: 50 })));
    jobs.push(answered(order, pool.run({ ms: 0, value: 'cheap' }, { client: 'a', cost: 1 })));
    await Promise.all(jobs);
    assert.deepEqual(order, ['heavy0', 'cheap', 'heavy1', 'heavy2']);
  } finally {
    await pool.close();
  }
});

test('two heavy clients take turns, whatever the order their backlogs arrived in', async () => {
  const pool = busyPool({ threads: 1, maxQueued: 20, fairness: { budget: 1000 } });
  try {
    await pool.warmUp();
    const order: string[] = [];
    const jobs = [
      ...[0, 1, 2, 3].map((at) => answered(order, pool.run({ ms: 30, value: `a${at}` }, { client: 'a', cost: 10 }))),
      ...[0, 1, 2, 3].map((at) => answered(order, pool.run({ ms: 30, value: `b${at}` }, { client: 'b', cost: 10 }))),
    ];
    await Promise.all(jobs);
    assert.deepEqual(order, ['a0', 'b0', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  } finally {
    await pool.close();
  }
});

test('turns are shared by cost: a client of costly jobs gets fewer of them through than one of light jobs', async () => {
  const pool = busyPool({ threads: 1, maxQueued: 20, fairness: { budget: 1000 } });
  try {
    await pool.warmUp();
    const order: string[] = [];
    const jobs = [
      ...[0, 1].map((at) => answered(order, pool.run({ ms: 30, value: `big${at}` }, { client: 'big', cost: 30 }))),
      ...[0, 1, 2, 3, 4, 5].map((at) => answered(order, pool.run({ ms: 10, value: `small${at}` }, { client: 'small', cost: 10 }))),
    ];
    await Promise.all(jobs);
    assert.deepEqual(order, ['big0', 'small0', 'small1', 'small2', 'big1', 'small3', 'small4', 'small5']);
  } finally {
    await pool.close();
  }
});

test('a client over its budget is refused at once with a Retry-After, while another client is still admitted', async () => {
  const pool = busyPool({
    threads: 1,
    maxQueued: 20,
    fairness: { budget: 100 },
    errors: {
      closed: () => new Error('closed'),
      queueFull: () => new PoolError(503, 'busy'),
      timedOut: () => new PoolError(504, 'slow'),
      overBudget: (job, seconds) => new ClientOverBudget(`too much from you: ${job.value}`, seconds),
    },
  });
  try {
    await pool.warmUp();
    // A job over the budget alone is still admitted: otherwise it could never run.
    const alone = pool.run({ ms: 200, value: 'alone' }, { client: 'a', cost: 500 });
    await assert.rejects(pool.run({ ms: 0, value: 'more' }, { client: 'a', cost: 1 }), (error: unknown) => {
      assert.ok(error instanceof ClientOverBudget);
      assert.equal(error.status, 429);
      assert.equal(error.message, 'too much from you: more');
      assert.ok(error.retryAfterSeconds >= 1);
      return true;
    });
    const other = pool.run({ ms: 0, value: 'other' }, { client: 'b', cost: 60 });
    assert.equal((await alone).value, 'alone');
    assert.equal((await other).value, 'other');
    // Its work done, the client is admitted again.
    assert.equal((await pool.run({ ms: 0, value: 'again' }, { client: 'a', cost: 60 })).value, 'again');
  } finally {
    await pool.close();
  }
});

test('without fairness jobs run in arrival order, as before', async () => {
  const pool = busyPool({ threads: 1, maxQueued: 20, fairness: { enabled: false, budget: 1, cheapCost: 1 } });
  try {
    await pool.warmUp();
    const order: string[] = [];
    const jobs = [
      ...[0, 1].map((at) => answered(order, pool.run({ ms: 20, value: `a${at}` }, { client: 'a', cost: 10 }))),
      answered(order, pool.run({ ms: 0, value: 'cheap' }, { client: 'b', cost: 1 })),
    ];
    await Promise.all(jobs);
    assert.deepEqual(order, ['a0', 'a1', 'cheap']);
  } finally {
    await pool.close();
  }
});

test('a pool that starts threads on demand ends a thread idle for endWhenIdleMs, never one with a job, and starts one again for the next job', async () => {
  const pool = busyPool({ startOnDemand: true, endWhenIdleMs: 300 });
  try {
    const first = await pool.run({ ms: 0, value: 'first' });
    // A job longer than the idle time: the thread is busy, not idle.
    const long = await pool.run({ ms: 600, value: 'long' });
    assert.equal(long.threadId, first.threadId);
    const soon = await pool.run({ ms: 0, value: 'soon' });
    assert.equal(soon.threadId, first.threadId, 'a thread given a job within the idle time is kept');
    // The thread states its heap while it lives (threadHeaps.ts): it is gone from there once it has ended.
    const busyThreads = (): number => threadHeaps().find((each) => each.thread === 'busyWorker')?.threads ?? 0;
    await until(() => busyThreads() === 1, { message: 'the thread stating its heap' });
    await until(() => busyThreads() === 0, { message: 'the idle thread ended' });
    const later = await pool.run({ ms: 0, value: 'later' });
    assert.equal(later.value, 'later');
    assert.notEqual(later.threadId, first.threadId, 'the idle thread was ended and a fresh one answered');
  } finally {
    await pool.close();
  }
});
