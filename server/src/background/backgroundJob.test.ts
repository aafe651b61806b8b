import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { capturedLog } from '../testing/capturedLog.ts';
import { ManualClock } from '../testing/manualClock.ts';
import { JOB_DONE, JOB_FAILURES_METRIC, startBackgroundJob } from './backgroundJob.ts';

async function failuresCounted(registry: Registry, job: string): Promise<number> {
  const metric = registry.getSingleMetric(JOB_FAILURES_METRIC);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.find((value) => value.labels['job'] === job)?.value ?? 0;
}

test('a step that throws, then rejects, then succeeds: each failure is logged with its stack and counted, the retries back off, a success starts the backoff over', async () => {
  const { log, lines } = capturedLog();
  const metrics = new Registry();
  const clock = new ManualClock();
  let steps = 0;
  const job = startBackgroundJob(
    { log, metrics, clock },
    {
      name: 'test-loop',
      intervalMs: 60_000,
      backoffMs: 40,
      maxBackoffMs: 10_000,
      random: () => 1,
      step: async () => {
        switch (++steps) {
          case 1:
            throw new Error('thrown at once');
          case 2:
            return Promise.reject(new Error('rejected later'));
          case 3:
            return 0; // succeeded, and asks for the next step at once
          case 4:
            throw new Error('failed after a success');
          default:
            return undefined; // the interval: a minute
        }
      },
    },
  );
  try {
    // Each pause the job asks for, passed at once: the backoff doubles, and starts over after the success.
    const pauses: number[] = [];
    for (let i = 0; i < 3; i++) {
      pauses.push(await clock.paused());
      clock.advance(pauses.at(-1)!);
    }
    pauses.push(await clock.paused());
    assert.deepEqual(pauses, [40, 80, 40, 60_000], 'a step asking to run at once is not held back');
    assert.equal(steps, 5);
  } finally {
    // Stopping cuts the minute's pause short (else this would wait for a clock nobody moves).
    await job.stop();
  }

  const failures = lines.filter((line) => line.msg === 'background job test-loop failed');
  assert.equal(failures.length, 3);
  assert.deepEqual(
    failures.map((line) => [line.level, line['job'], line.err?.message, line['retryInMs']]),
    [
      [50, 'test-loop', 'thrown at once', 40],
      [50, 'test-loop', 'rejected later', 80],
      // The success in between started the backoff over.
      [50, 'test-loop', 'failed after a success', 40],
    ],
  );
  for (const line of failures) assert.match(line.err?.stack ?? '', /backgroundJob\.test\.ts/, 'the stack says where the fault was');
  assert.equal(await failuresCounted(metrics, 'test-loop'), 3);
  assert.match(await metrics.metrics(), /skylift_background_job_failures_total\{job="test-loop"\} 3/);
  assert.equal(steps, 5, 'no step after the stop');
  assert.equal(job.failuresInARow, 0);
});

test('stopping aborts the running step and waits for it; a job that says it is done ends', async () => {
  const { log } = capturedLog();
  let aborted = false;
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (started = resolve));
  const waiting = startBackgroundJob(
    { log },
    {
      name: 'waits-for-abort',
      intervalMs: 10,
      step: (signal) =>
        new Promise<undefined>((resolve) => {
          started();
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve(undefined);
          });
        }),
    },
  );
  await running;
  await waiting.stop();
  assert.equal(aborted, true);

  let steps = 0;
  const once = startBackgroundJob({ log }, { name: 'once', intervalMs: 10, step: () => (++steps === 2 ? JOB_DONE : 0) });
  await once.finished;
  assert.equal(steps, 2);
});

test('the first step is awaitable, failed or not', async () => {
  const { log, lines } = capturedLog();
  const job = startBackgroundJob(
    { log },
    {
      name: 'first-fails',
      intervalMs: 10,
      backoffMs: 60_000,
      step: () => {
        throw new TypeError('not a function');
      },
    },
  );
  try {
    await job.firstStep;
    assert.equal(job.failuresInARow, 1);
    assert.equal(lines.length, 1);
  } finally {
    await job.stop();
  }
});

test('waking a job runs its next step now instead of after the interval, but does not cut a backoff short', async () => {
  const { log } = capturedLog();
  const clock = new ManualClock();
  let steps = 0;
  let stepped: () => void = () => undefined;
  const next = (): Promise<void> => new Promise<void>((resolve) => (stepped = resolve));
  let step = next();
  const job = startBackgroundJob(
    { log, clock },
    {
      name: 'wakeable',
      intervalMs: 60_000,
      // With no jitter the first backoff is half of this: 100 ms.
      backoffMs: 200,
      random: () => 0,
      step: () => {
        steps++;
        stepped();
        if (steps === 2) throw new Error('backing off');
        return steps === 3 ? 60_000 : undefined;
      },
    },
  );
  try {
    await step;
    assert.equal(await clock.paused(), 60_000, 'the interval');
    step = next();
    job.wake();
    await step;
    assert.equal(steps, 2, 'woken from the interval');
    assert.equal(await clock.paused(), 100, 'the backoff');
    job.wake();
    assert.equal(clock.pending, 1, 'the backoff goes on when woken');
    step = next();
    clock.advance(99);
    assert.equal(clock.pending, 1, 'and lasts its whole length');
    clock.advance(1);
    await step;
    assert.equal(steps, 3, 'the next step once the backoff is over');
  } finally {
    await job.stop();
  }
});
