/**
 * Minification (SWC, lightningcss) runs in worker threads, never on the thread that serves requests: a
 * large file takes a good part of a second of CPU or more, and every other request of the process would wait for it. At most
 * `threads` sources are minified at once and `maxQueued` wait; a source over its time limit has its thread
 * ended (a new one replaces it) and its request gets a clear error instead of a stall. (Native minifier code
 * cannot be interrupted: an ended thread's CPU is released when that call returns, which for SWC, linear in
 * the source's size, is soon.)
 *
 * Sources are admitted fairly (`../../admission/fairQueue.ts`), costed by their kilobytes: a client may have at
 * most 4 MB of sources queued and being minified (a 429 past that), sources up to 64 KB are minified before
 * waiting larger ones, and clients take turns by kilobytes, so that one client asking for many large files
 * cannot hold back another's small one for more than the file being minified.
 */
// SWC's native addon crashes the process when a thread that loaded it ends (a thread over its time limit,
// or the pool closing) and no other thread holds it; loaded here too, it stays resident.
import '@swc/core';
import { PackageError } from '../../packages/types.ts';
import { ClientOverBudget, type FairnessOptions } from '../../admission/fairQueue.ts';
import { WorkerPool } from '../../workers/workerPool.ts';
import type { MinifyInput, MinifyOutput } from './minifySource.ts';

export interface MinifyPoolOptions {
  threads?: number;
  timeLimitMs?: number;
  maxQueued?: number;
  /** Fair admission; default: 4,096 KB per client, sources up to 64 KB first. */
  fairness?: FairnessOptions;
}

/** What minifying a source costs in the pool's units: its kilobytes (at least one). */
export function minifyCost(sourceBytes: number): number {
  return Math.max(1, Math.ceil(sourceBytes / 1024));
}

export class MinifyPool {
  private readonly pool: WorkerPool<MinifyInput, MinifyOutput>;
  readonly timeLimitMs: number;

  constructor(options: MinifyPoolOptions = {}) {
    const timeLimitMs = (this.timeLimitMs = options.timeLimitMs ?? 20_000);
    this.pool = new WorkerPool({
      workerUrl: new URL('./minifyWorker.ts', import.meta.url),
      threads: options.threads ?? 1,
      timeLimitMs,
      maxQueued: options.maxQueued ?? 64,
      fairness: options.fairness ?? { budget: 4096, cheapCost: 64 },
      errors: {
        closed: () => new Error('The minifier is closed.'),
        queueFull: (input) =>
          new PackageError(504, `Too many files are being minified right now; request ${input.originalUrl} (the original file) or try again shortly.`),
        overBudget: (input, seconds) =>
          new ClientOverBudget(
            `Too many files you asked for are being minified; request ${input.originalUrl} (the original file) or try again in ${seconds} s.`,
            seconds,
          ),
        timedOut: (input) =>
          new PackageError(504, `Minifying ${input.originalUrl} took longer than ${Math.round(timeLimitMs / 1000)} s; use the original file.`),
      },
    });
  }

  /** Minifies one source for `client` (see `../../http/clientKey.ts`). */
  async minify(input: MinifyInput, client = ''): Promise<MinifyOutput> {
    // Buffers arrive from the thread as plain Uint8Arrays.
    const output = await this.pool.run(input, { client, cost: minifyCost(input.source.length) });
    return { code: Buffer.from(output.code), map: output.map ? Buffer.from(output.map) : null };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
