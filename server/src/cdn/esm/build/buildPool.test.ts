import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PackageError } from '../../../packages/types.ts';
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

test('past its queue the pool refuses at once with a 503, and takes builds again once the queue moves', async () => {
  const pool = new BuildPool(1, 1);
  let release: () => void = () => undefined;
  const running = pool.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
  const queued = pool.run(async () => 'second');
  await assert.rejects(
    pool.run(async () => 'third'),
    (error: unknown) => error instanceof PackageError && error.status === 503,
  );
  release();
  assert.deepEqual(await Promise.all([running, queued]), ['first', 'second']);
  assert.equal(await pool.run(async () => 'fourth'), 'fourth');
});
