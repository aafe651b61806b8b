/**
 * Minification (SWC, lightningcss) runs in worker threads, never on the thread that serves requests: a
 * large file takes a good part of a second of CPU or more, and every other request of the process would wait for it. At most
 * `threads` sources are minified at once and `maxQueued` wait; a source over its time limit has its thread
 * ended (a new one replaces it) and its request gets a clear error instead of a stall. (Native minifier code
 * cannot be interrupted: an ended thread's CPU is released when that call returns, which for SWC, linear in
 * the source's size, is soon.)
 */
import { Worker } from 'node:worker_threads';
// SWC's native addon crashes the process when a thread that loaded it ends (a thread over its time limit,
// or the pool closing) and no other thread holds it; loaded here too, it stays resident.
import '@swc/core';
import { PackageError } from '../../packages/types.ts';
import type { MinifyInput, MinifyOutput } from './minifySource.ts';

export interface MinifyPoolOptions {
  threads?: number;
  timeLimitMs?: number;
  maxQueued?: number;
}

interface Job {
  id: number;
  input: MinifyInput;
  resolve(output: MinifyOutput): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const WORKER_URL = new URL('./minifyWorker.ts', import.meta.url).href;
// The worker loads TypeScript the way this process does.
const BOOTSTRAP = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(WORKER_URL)});`;

export class MinifyPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  readonly timeLimitMs: number;
  private readonly maxQueued: number;

  constructor(options: MinifyPoolOptions = {}) {
    this.timeLimitMs = options.timeLimitMs ?? 20_000;
    this.maxQueued = options.maxQueued ?? 64;
    for (let i = 0; i < (options.threads ?? 1); i++) this.slots.push(this.spawn());
  }

  minify(input: MinifyInput): Promise<MinifyOutput> {
    if (this.closed) return Promise.reject(new Error('The minifier is closed.'));
    if (this.queue.length >= this.maxQueued) {
      return Promise.reject(
        new PackageError(504, `Too many files are being minified right now; request ${input.originalUrl} (the original file) or try again shortly.`),
      );
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The minifier is closed.'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(BOOTSTRAP, { eval: true }), job: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (message: { id: number; code?: Uint8Array; map?: Uint8Array | null; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.finish(slot);
      if (message.error !== undefined || !message.code) job.reject(new Error(message.error ?? 'minification failed'));
      else job.resolve({ code: Buffer.from(message.code), map: message.map ? Buffer.from(message.map) : null });
    });
    slot.worker.on('error', (error) => this.replace(slot, error));
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    this.dispatch();
  }

  /** Ends a thread (over its time limit, or broken) and puts a fresh one in its place. */
  private replace(slot: Slot, error: Error): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index !== -1 && !this.closed) this.slots[index] = this.spawn();
    job?.reject(error);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(
        () =>
          this.replace(
            slot,
            new PackageError(504, `Minifying ${job.input.originalUrl} took longer than ${Math.round(this.timeLimitMs / 1000)} s; use the original file.`),
          ),
        this.timeLimitMs,
      );
      slot.worker.postMessage({ id: job.id, input: job.input });
    }
  }
}
