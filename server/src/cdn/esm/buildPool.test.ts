import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BuildPool } from './buildPool.ts';

test('at most `concurrency` jobs run at once; the others wait their turn in order', async () => {
  const pool = new BuildPool(2);
  const release: Array<() => void> = [];
  const started: number[] = [];
  const jobs = [0, 1, 2, 3].map((n) =>
    pool.run(async () => {
      started.push(n);
      await new Promise<void>((resolve) => release.push(resolve));
      return n;
    }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, [0, 1]);
  assert.deepEqual([pool.active, pool.queued], [2, 2]);
  release[0]!();
  await jobs[0];
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, [0, 1, 2]);
  release[1]!();
  release[2]!();
  await new Promise((resolve) => setImmediate(resolve));
  release[3]!();
  assert.deepEqual(await Promise.all(jobs), [0, 1, 2, 3]);
  assert.deepEqual([pool.active, pool.queued], [0, 0]);
});

test('a failing job frees its slot', async () => {
  const pool = new BuildPool(1);
  await assert.rejects(
    pool.run(async () => Promise.reject(new Error('broken'))),
    /broken/,
  );
  assert.equal(await pool.run(async () => 'next'), 'next');
});
