import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import Fastify from 'fastify';
import { observability } from '../observability/observability.ts';
import { until } from '../testing/until.ts';
import { threadHeaps } from './threadHeaps.ts';
import { startTypeScriptWorker } from './typeScriptWorker.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thread-heaps-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A thread that waits for a message and stays alive until ended. */
function holder(): URL {
  const file = path.join(dir, 'heapHolder.ts');
  fs.writeFileSync(
    file,
    "import { parentPort } from 'node:worker_threads';\nconst kept: string[] = [];\nparentPort!.on('message', (text: string) => kept.push(text));\n",
  );
  return pathToFileURL(file);
}

const heapOf = (thread: string) => threadHeaps().find((each) => each.thread === thread);

test("each thread states its heap under its module's name; a module's threads are summed, and an ended thread is forgotten", async () => {
  const url = holder();
  const first = startTypeScriptWorker(url);
  const second = startTypeScriptWorker(url);
  try {
    const both = await until(() => (heapOf('heapHolder')?.threads === 2 ? heapOf('heapHolder') : null), { message: 'both threads stating their heaps' });
    // A thread's heap is megabytes even when it holds nothing of its own.
    assert.ok(both.bytes > 2 * 1024 * 1024, `${both.bytes} bytes`);
    await first.terminate();
    const left = await until(() => (heapOf('heapHolder')?.threads === 1 ? heapOf('heapHolder') : null), { message: 'the ended thread forgotten' });
    assert.ok(left.bytes < both.bytes);
  } finally {
    await Promise.all([first.terminate(), second.terminate()]);
  }
  assert.equal(heapOf('heapHolder'), undefined);
});

test("/metrics shows the threads' heaps by module beside the main thread's", async () => {
  const app = Fastify();
  await app.register(observability, { service: 'cdn' });
  const worker = startTypeScriptWorker(holder());
  try {
    await until(() => heapOf('heapHolder'), { message: 'the thread stating its heap' });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(text, /^skylift_thread_heap_bytes\{thread="heapHolder",service="cdn"\} [1-9]\d*$/m);
    assert.match(text, /^skylift_threads\{thread="heapHolder",service="cdn"\} 1$/m);
    assert.match(text, /^nodejs_heap_size_total_bytes\{service="cdn"\} \d+$/m);
  } finally {
    await worker.terminate();
    await app.close();
  }
});
