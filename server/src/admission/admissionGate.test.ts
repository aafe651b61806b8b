import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AdmissionGate } from './admissionGate.ts';
import { ClientOverBudget, type FairnessOptions } from './fairQueue.ts';

function gate(concurrency: number, reserved: number, fairness: FairnessOptions): AdmissionGate {
  return new AdmissionGate({
    concurrency,
    reserved,
    maxQueued: 50,
    fairness,
    queueFull: () => new Error('full'),
    overBudget: (seconds) => new ClientOverBudget('over budget', seconds),
  });
}

/** A job that runs until released, recording its start. */
function held(started: string[], name: string): { job: () => Promise<string>; release: () => void } {
  let release = (): void => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    job: async () => {
      started.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('a cheap job starts at once on a place heavy jobs never take, while a heavy backlog waits', async () => {
  const admission = gate(2, 1, { budget: 1000, cheapCost: 5 });
  const started: string[] = [];
  const heavy = [0, 1, 2].map((at) => held(started, `heavy${at}`));
  const heavyDone = heavy.map((h) => admission.run({ client: 'a', cost: 100 }, h.job));
  await settle();
  assert.deepEqual(started, ['heavy0'], 'one heavy job at a time: the other place is kept');
  const cheap = held(started, 'cheap');
  const cheapDone = admission.run({ client: 'b', cost: 1 }, cheap.job);
  await settle();
  assert.deepEqual(started, ['heavy0', 'cheap']);
  cheap.release();
  assert.equal(await cheapDone, 'cheap');
  for (const h of heavy) {
    h.release();
    await settle();
  }
  assert.deepEqual(await Promise.all(heavyDone), ['heavy0', 'heavy1', 'heavy2']);
  assert.deepEqual([admission.active, admission.queued], [0, 0]);
});

test('waiting clients take turns; over its budget a client is refused at once', async () => {
  const admission = gate(1, 0, { budget: 300 });
  const started: string[] = [];
  const jobs = ['a0', 'a1', 'a2', 'b0', 'b1'].map((name) => ({ name, ...held(started, name) }));
  const done = jobs.map(({ name, job }) => admission.run({ client: name[0]!, cost: 100 }, job));
  await assert.rejects(
    admission.run({ client: 'a', cost: 100 }, async () => 'a3'),
    (error: unknown) => error instanceof ClientOverBudget && error.status === 429 && error.retryAfterSeconds >= 1,
  );
  for (let at = 0; at < jobs.length; at++) {
    await settle();
    jobs.find((job) => job.name === started[at])!.release();
  }
  await Promise.all(done);
  assert.deepEqual(started, ['a0', 'b0', 'a1', 'b1', 'a2']);
});
