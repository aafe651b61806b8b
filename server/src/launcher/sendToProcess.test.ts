/**
 * Two processes killed at once: when the launcher tells the second of the first one's death, the second is
 * dead but its channel not yet closed. The message must be dropped, not take the launcher down.
 */
import assert from 'node:assert/strict';
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { test } from 'node:test';
import { sendToProcess } from './sendToProcess.ts';

test('a message to a process killed beside another is dropped: the sender lives on', async () => {
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'testing', 'idleProcess.mjs'), execArgv: [] });
  let sent = 0;
  // Several turns: the window (dead, channel still open) is met in most of them, not in all.
  for (let turn = 0; turn < 5; turn++) {
    const workers = [cluster.fork(), cluster.fork()];
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('online', resolve))));
    const exits = workers.map(
      (worker) =>
        new Promise<void>((resolve) =>
          worker.once('exit', () => {
            for (const other of workers) {
              if (other === worker) continue;
              if (other.isConnected()) sent++;
              sendToProcess(other, { type: 'restarts', counts: [] });
            }
            resolve();
          }),
        ),
    );
    for (const worker of workers) process.kill(worker.process.pid!, 'SIGKILL');
    await Promise.all(exits);
    // A failed write surfaces on the next turns of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(sent > 0, 'no turn met a killed process whose channel was still open');
});

test('a message to a live process arrives, with its handle-less form', async () => {
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'testing', 'idleProcess.mjs'), execArgv: [] });
  const worker: Worker = cluster.fork();
  await new Promise((resolve) => worker.once('message', resolve));
  const echoed = new Promise((resolve) => worker.once('message', resolve));
  sendToProcess(worker, { type: 'echo', value: 42 });
  assert.deepEqual(await echoed, { type: 'echo', value: 42 });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.process.kill('SIGKILL');
  await exited;
  sendToProcess(worker, { type: 'echo', value: 43 });
});
