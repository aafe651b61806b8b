import assert from 'node:assert/strict';
import { test } from 'node:test';
import { until, within } from './until.ts';

test('until resolves with the first value the probe gives, asking again meanwhile', async () => {
  let asked = 0;
  const value = await until(() => (++asked === 3 ? 'ready' : undefined), { message: 'the third probe', intervalMs: 1 });
  assert.equal(value, 'ready');
  assert.equal(asked, 3);
});

test('until fails at its deadline with what it waited for and the last error', async () => {
  const started = performance.now();
  await assert.rejects(
    until(
      () => {
        throw new Error('connection refused');
      },
      { message: 'the service to answer', timeoutMs: 60, intervalMs: 5 },
    ),
    { message: 'Timed out after 0.1 s waiting for the service to answer (last error: connection refused)' },
  );
  assert.ok(performance.now() - started >= 60, 'it kept asking until the deadline');
});

test('within gives what the promise gives, or fails at its deadline saying what it waited for', async () => {
  assert.equal(await within(Promise.resolve('done'), { message: 'the work' }), 'done');
  await assert.rejects(within(new Promise(() => undefined), { message: 'the work that never ends', timeoutMs: 20 }), {
    message: 'Timed out after 0.0 s waiting for the work that never ends',
  });
});
