/**
 * Read queries of the SQLite statistics run in worker threads, never on the thread that serves requests:
 * better-sqlite3 is synchronous, and a query over a long period (top packages of a year, a ranking) would
 * stall every request of the process while it runs. At most `threads` queries run at once and `maxQueued`
 * wait; past that a query is refused at once (503). A query not answered within its time limit, counted
 * from when it was asked, is answered with a 504; if it was running, its thread is ended and a fresh one
 * takes its place (SQLite returns control to the ended thread only when the statement finishes, so the old
 * thread stops then, off the serving path).
 */
import { Worker } from 'node:worker_threads';
import type { SqlValue } from './engine.ts';
import { queryQueueFull, queryTimedOut } from './queryError.ts';

export interface QueryPoolOptions {
  threads?: number;
  /** How long a query may take, waiting included; 15 s by default. */
  timeLimitMs?: number;
  maxQueued?: number;
}

interface Job {
  id: number;
  sql: string;
  params: readonly SqlValue[];
  timer: NodeJS.Timeout;
  slot: Slot | null;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Resolves once the thread has opened its connection. */
  ready: Promise<void>;
}

const WORKER_URL = new URL('./queryWorker.ts', import.meta.url).href;
// The worker loads TypeScript the way this process does.
const BOOTSTRAP = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(WORKER_URL)});`;

export class SqliteQueryPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  readonly timeLimitMs: number;
  private readonly maxQueued: number;
  private readonly threads: number;
  /** Threads ended but still finishing a statement: they count against `threads` until they exit. */
  private ending = 0;

  constructor(
    private readonly file: string,
    options: QueryPoolOptions = {},
  ) {
    this.timeLimitMs = options.timeLimitMs ?? 15_000;
    this.maxQueued = options.maxQueued ?? 100;
    this.threads = Math.max(1, options.threads ?? 2);
  }

  all<T>(sql: string, params: readonly SqlValue[]): Promise<T[]> {
    if (this.closed) return Promise.reject(new Error('The statistics store is closed.'));
    if (this.queue.length >= this.maxQueued) return Promise.reject(queryQueueFull());
    return new Promise<T[]>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        sql,
        params,
        slot: null,
        resolve: resolve as (rows: unknown[]) => void,
        reject,
        timer: setTimeout(() => this.expire(job), this.timeLimitMs),
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Starts every thread now and waits until each has opened its connection (starting one takes a while). */
  async warmUp(): Promise<void> {
    while (this.slots.length + this.ending < this.threads) this.slots.push(this.spawn());
    // Held open while waiting: an idle pool's threads do not keep the process alive.
    for (const slot of this.slots) slot.worker.ref();
    try {
      await Promise.all(this.slots.map((slot) => slot.ready));
    } finally {
      for (const slot of this.slots) slot.worker.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.timer);
      job.reject(new Error('The statistics store is closed.'));
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { file: this.file } });
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, job: null, ready };
    slot.worker.unref();
    slot.worker.on('message', (message: { id: number; rows?: unknown[]; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      if (message.error !== undefined || !message.rows) job.reject(new Error(message.error ?? 'The statistics query failed.'));
      else job.resolve(message.rows);
      this.dispatch();
    });
    slot.worker.on('error', (error) => {
      const job = slot.job;
      this.retire(slot);
      if (job) {
        clearTimeout(job.timer);
        job.reject(error);
      }
      this.dispatch();
    });
    return slot;
  }

  /** Over its time limit: out of the queue, or its thread ended and replaced. */
  private expire(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) this.queue.splice(queued, 1);
    if (job.slot && job.slot.job === job) this.retire(job.slot);
    job.reject(queryTimedOut(this.timeLimitMs));
    this.dispatch();
  }

  private retire(slot: Slot): void {
    slot.job = null;
    this.ending++;
    slot.worker.once('exit', () => {
      this.ending--;
      this.dispatch();
    });
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
  }

  private dispatch(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.job);
      if (!slot && this.slots.length + this.ending < this.threads) {
        slot = this.spawn();
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.slot = slot;
      slot.worker.postMessage({ id: job.id, sql: job.sql, params: job.params });
    }
  }
}
