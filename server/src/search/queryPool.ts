/**
 * Search queries run in worker threads, each with its own read-only connection to the index file, never on
 * the thread that serves requests: better-sqlite3 is synchronous, and one query with hundreds of filters
 * would otherwise hold every other request of the process. At most `threads` calls are answered at once and
 * `maxQueued` wait (past that: 503 at once); a call over its time limit has its thread ended (a fresh one
 * replaces it) and gets a 504, instead of a stall.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchParams, SearchResult } from './index.ts';

export interface QueryPoolOptions {
  /** Query threads; default: the machine's cores, at most 4. */
  threads?: number;
  /** Time limit of one call (all its queries), from the moment a thread takes it. */
  timeLimitMs?: number;
  /** Calls waiting for a thread; more are refused with a 503. */
  maxQueued?: number;
}

/** An answer for the search API's error shape: the status and a message a person can act on. */
export class QueryPoolError extends Error {
  constructor(
    readonly status: 503 | 504,
    message: string,
  ) {
    super(message);
    this.name = 'QueryPoolError';
  }
}

interface Job {
  id: number;
  searches: SearchParams[];
  resolve(results: SearchResult[]): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The thread has opened the index and loaded its ranking keys. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type WorkerMessage = { ready: true } | { id: number; results: SearchResult[] } | { id: number; error: string };

const WORKER_URL = new URL('./queryWorker.ts', import.meta.url).href;
// The worker loads TypeScript the way this process does.
const BOOTSTRAP = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(WORKER_URL)});`;
/** A thread that fails before it is ready is started again after this pause, not in a tight loop. */
const RESTART_DELAY_MS = 1000;

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

export class QueryPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly waitingForReady: (() => void)[] = [];
  private nextId = 1;
  private closed = false;
  readonly timeLimitMs: number;
  private readonly maxQueued: number;

  constructor(
    private readonly file: string,
    options: QueryPoolOptions = {},
  ) {
    this.timeLimitMs = options.timeLimitMs ?? 2000;
    this.maxQueued = options.maxQueued ?? 100;
    const threads = options.threads ?? Math.min(4, os.availableParallelism());
    for (let i = 0; i < threads; i++) this.slots.push(this.spawn());
  }

  /** Resolves when every thread is ready to answer (the first answers are then fast). */
  ready(): Promise<void> {
    if (this.slots.every((slot) => slot.ready) || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waitingForReady.push(resolve));
  }

  /** Answers the queries of one call, in order. */
  search(searches: SearchParams[]): Promise<SearchResult[]> {
    if (this.closed) return Promise.reject(new Error('The search is closing.'));
    const idle = this.slots.some((slot) => slot.ready && !slot.job);
    if (!idle && this.queue.length >= this.maxQueued) {
      return Promise.reject(new QueryPoolError(503, 'The search service is busy; please try again in a moment'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, searches, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The search is closing.'));
    for (const resolve of this.waitingForReady.splice(0)) resolve();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(BOOTSTRAP, { eval: true, workerData: { file: this.file } }), ready: false, job: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        slot.ready = true;
        if (this.slots.every((each) => each.ready)) for (const resolve of this.waitingForReady.splice(0)) resolve();
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.finish(slot);
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve(message.results);
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
    const wasReady = slot.ready;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.ready = false;
    void slot.worker.terminate();
    job?.reject(error);
    const index = this.slots.indexOf(slot);
    if (index === -1 || this.closed) return;
    const restart = (): void => {
      if (!this.closed) this.slots[index] = this.spawn();
    };
    if (wasReady) restart();
    else setTimeout(restart, RESTART_DELAY_MS).unref();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(
        () =>
          this.replace(
            slot,
            new QueryPoolError(504, `The search took longer than ${duration(this.timeLimitMs)} and was stopped; try fewer filters or a longer query`),
          ),
        this.timeLimitMs,
      );
      slot.worker.postMessage({ id: job.id, searches: job.searches });
    }
  }
}
