import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { capturedLog } from '../testing/capturedLog.ts';
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
  const stepTimes: number[] = [];
  let resume: () => void = () => undefined;
  const fourthStepDone = new Promise<void>((resolve) => (resume = resolve));
  const job = startBackgroundJob(
    { log, metrics },
    {
      name: 'test-loop',
      intervalMs: 60_000,
      backoffMs: 40,
      maxBackoffMs: 10_000,
      random: () => 1,
      step: async () => {
        stepTimes.push(performance.now());
        switch (stepTimes.length) {
          case 1:
            throw new Error('thrown at once');
          case 2:
            return Promise.reject(new Error('rejected later'));
          case 3:
            return 0; // succeeded, and asks for the next step at once
          case 4:
            throw new Error('failed after a success');
          default:
            resume();
            return undefined; // the interval: a minute
        }
      },
    },
  );
  try {
    await fourthStepDone;
  } finally {
    // A failed assertion below must not leave the job running its interval.
    setTimeout(() => void job.stop(), 2_000).unref();
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

  const gaps = stepTimes.slice(1).map((time, i) => time - stepTimes[i]!);
  assert.ok(gaps[0]! >= 35 && gaps[1]! >= 75 && gaps[3]! >= 35, `waits of ${gaps.map(Math.round).join(', ')} ms`);
  assert.ok(gaps[2]! < 35, 'a step asking to run at once is not held back');

  // Stopping cuts the minute's pause short.
  const stopping = performance.now();
  await job.stop();
  assert.ok(performance.now() - stopping < 500, 'stopped promptly');
  assert.equal(stepTimes.length, 5);
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
  let steps = 0;
  let stepped: () => void = () => undefined;
  const next = (): Promise<void> => new Promise<void>((resolve) => (stepped = resolve));
  let step = next();
  let failedAt = 0;
  const job = startBackgroundJob(
    { log },
    {
      name: 'wakeable',
      intervalMs: 60_000,
      // With no jitter the first backoff is half of this: 100 ms.
      backoffMs: 200,
      random: () => 0,
      step: () => {
        steps++;
        stepped();
        if (steps === 2) {
          failedAt = performance.now();
          throw new Error('backing off');
        }
        return steps === 3 ? 60_000 : undefined;
      },
    },
  );
  try {
    await step;
    step = next();
    job.wake();
    await step;
    assert.equal(steps, 2, 'woken from the interval');
    step = next();
    job.wake();
    await step;
    const waited = performance.now() - failedAt;
    assert.ok(waited >= 99, `a backoff is waited out (the next step ran ${waited.toFixed(0)} ms after the failure)`);
  } finally {
    await job.stop();
  }
});
