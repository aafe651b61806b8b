/**
 * Two processes killed at once: when the launcher tells the second of the first one's death, the second is
 * dead but its channel not yet seen closed. The message must be dropped, not take the launcher down.
 */
import assert from 'node:assert/strict';
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { sendToProcess, type MessageChannel } from './sendToProcess.ts';

test('a message to a process that died unheard is dropped: the sender lives on', async () => {
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'testing', 'idleProcess.mjs'), execArgv: [] });
  // The kernel refuses the write to a dead process's channel at once in some turns; in the others the write is
  // queued and its failure never raised. Turns until one is refused.
  let refused = 0;
  for (let turn = 0; turn < 40 && refused === 0; turn++) {
    const worker = cluster.fork();
    await new Promise((resolve) => worker.once('message', resolve));
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const pid = worker.process.pid!;
    process.kill(pid, 'SIGKILL');
    // Dead, and not yet heard of: the event loop, which would read the closed channel and the exit, does not turn
    // until the process is a zombie. So is the second of two processes killed at once when the launcher hears
    // of the first.
    const deadline = Date.now() + 5000;
    while (!fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ') && Date.now() < deadline);
    assert.ok(worker.isConnected(), 'the channel of the dead process still seen as open');
    const counted: MessageChannel = {
      isConnected: () => worker.isConnected(),
      send: (message, handle, callback) =>
        callback ? worker.send(message, handle, (error) => ((refused += error ? 1 : 0), callback(error))) : worker.send(message, handle),
    };
    sendToProcess(counted, { type: 'restarts', counts: [] });
    // A refused write is raised on a later turn of the event loop, before the exit is heard.
    await exited;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(refused > 0, 'no write to a dead process was refused');
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
