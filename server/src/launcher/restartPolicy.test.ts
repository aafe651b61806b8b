import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUICK_DEATH_MS, RestartPolicy } from './restartPolicy.ts';

test('a process that dies is replaced at once; a slot that keeps dying quickly backs off, up to 30 s', () => {
  const policy = new RestartPolicy();
  assert.equal(policy.delayAfterDeath(QUICK_DEATH_MS * 100), 0, 'a death after a long life');
  assert.equal(policy.delayAfterDeath(50), 0, 'the first quick death');
  const delays = Array.from({ length: 9 }, () => policy.delayAfterDeath(50));
  assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  assert.equal(policy.delayAfterDeath(QUICK_DEATH_MS), 0, 'a process that lived long enough resets the count');
  assert.equal(policy.delayAfterDeath(50), 0);
});
