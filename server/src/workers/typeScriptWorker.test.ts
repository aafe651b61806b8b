import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Worker } from 'node:worker_threads';
import { defunctChildren, runningChildren, untilStartedChildrenEnd } from '../testing/childProcesses.ts';
import { startTypeScriptWorker } from './typeScriptWorker.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-worker-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A module graph written for each test, so that no transform of it can have been kept anywhere. */
function fixture(name: string, body: string): URL {
  const folder = fs.mkdtempSync(path.join(dir, `${name}-`));
  fs.writeFileSync(
    path.join(folder, 'total.ts'),
    [
      'export interface Totals { sum: number }',
      'export class Adder {',
      '  constructor(private readonly start: number) {}',
      '  add(values: readonly number[]): Totals { return { sum: values.reduce((a, b) => a + b, this.start) }; }',
      '}',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(folder, 'worker.ts'),
    ["import { parentPort, workerData } from 'node:worker_threads';", "import { Adder, type Totals } from './total.ts';", body].join('\n'),
  );
  return pathToFileURL(path.join(folder, 'worker.ts'));
}

function firstMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('worker threads running TypeScript', () => {
  it('run a TypeScript module and what it imports, with the worker data given', async () => {
    const worker = startTypeScriptWorker(
      fixture('runs', 'const totals: Totals = new Adder(workerData.start).add([1, 2, 3]); parentPort!.postMessage(totals);'),
      {
        workerData: { start: 10 },
      },
    );
    assert.deepEqual(await firstMessage(worker), { sum: 16 });
    await worker.terminate();
  });

  it('leave no defunct child behind, whether they end by themselves or are ended, even where tsx would keep no cache', async () => {
    // A tsx registered in the thread would have to transform these new files (no cache): each such thread
    // would leave its esbuild process behind as a defunct child once it ended.
    const env = { ...process.env, TSX_DISABLE_CACHE: '1' };
    const before = defunctChildren();
    const running = runningChildren();
    for (let i = 0; i < 3; i++) {
      const ending = startTypeScriptWorker(fixture(`ends-${i}`, 'parentPort!.postMessage(new Adder(0).add([1]).sum);'), { env });
      // Listen for the exit before the message: a thread that posts and ends may emit both in one turn.
      const exited = new Promise((resolve) => ending.once('exit', resolve));
      assert.equal(await firstMessage(ending), 1);
      await exited;
      const ended = startTypeScriptWorker(fixture(`ended-${i}`, 'parentPort!.postMessage(1); setInterval(() => {}, 1000);'), { env });
      await firstMessage(ended);
      await ended.terminate();
    }
    // A child a thread started ends when its pipe closes, a moment after the thread: wait for that, then look.
    await untilStartedChildrenEnd(running);
    assert.deepEqual(defunctChildren(), before);
  });

  it('runs the prelude first, and reports a module that does not compile as the worker error', async () => {
    const worker = startTypeScriptWorker(fixture('prelude', 'parentPort!.postMessage((globalThis as { early?: string }).early);'), {
      prelude: "globalThis.early = 'first';",
    });
    assert.equal(await firstMessage(worker), 'first');
    await worker.terminate();
    const broken = startTypeScriptWorker(fixture('broken', 'const x: = ;'));
    await assert.rejects(firstMessage(broken), /Expected|Unexpected/);
  });
});
