import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PackageRef } from '../packages/types.ts';
import { expireOnPurge, publishPurge } from './fanout.ts';

test('a published purge reaches every subscribed store, and only while subscribed', async () => {
  const expired: string[][] = [[], []];
  const stop = [0, 1].map((i) => expireOnPurge({ expire: async (ref: PackageRef) => void expired[i]!.push(`${ref.type}:${ref.name}`) }));
  assert.equal(
    await publishPurge([
      { type: 'npm', name: 'jquery' },
      { type: 'gh', name: 'u/r' },
    ]),
    2,
  );
  assert.deepEqual(expired, [
    ['npm:jquery', 'gh:u/r'],
    ['npm:jquery', 'gh:u/r'],
  ]);
  stop.forEach((unsubscribe) => unsubscribe());
  assert.equal(await publishPurge([{ type: 'npm', name: 'jquery' }]), 0);
  assert.equal(expired[0]!.length, 2);
});

test('a store that fails is not counted as purged', async () => {
  const stop = expireOnPurge({ expire: async () => Promise.reject(new Error('broken')) });
  assert.equal(await publishPurge([{ type: 'npm', name: 'x' }]), 0);
  stop();
});
