/**
 * Read queries of the SQLite statistics run in worker threads, never on the thread that serves requests:
 * better-sqlite3 is synchronous, and a query over a long period (top packages of a year, a ranking) would
 * stall every request of the process while it runs. At most `threads` queries run at once and `maxQueued`
 * wait; past that a query is refused at once (503). A query not answered within its time limit, counted
 * from when it was asked, is answered with a 504; if it was running, its thread is ended and a fresh one
 * takes its place (SQLite returns control to the ended thread only when the statement finishes, so the old
 * thread stops then, off the serving path).
 */
import { WorkerPool } from '../../workers/workerPool.ts';
import type { SqlValue } from './engine.ts';
import { queryQueueFull, queryTimedOut } from './queryError.ts';

export interface QueryPoolOptions {
  threads?: number;
  /** How long a query may take, waiting included; 15 s by default. */
  timeLimitMs?: number;
  maxQueued?: number;
}

export class SqliteQueryPool {
  private readonly pool: WorkerPool<{ sql: string; params: readonly SqlValue[] }, unknown[]>;
  readonly timeLimitMs: number;

  constructor(file: string, options: QueryPoolOptions = {}) {
    const timeLimitMs = (this.timeLimitMs = options.timeLimitMs ?? 15_000);
    this.pool = new WorkerPool({
      workerUrl: new URL('./queryWorker.ts', import.meta.url),
      workerData: { file },
      threads: Math.max(1, options.threads ?? 2),
      timeLimitMs,
      maxQueued: options.maxQueued ?? 100,
      limitIncludesWaiting: true,
      waitsForReady: true,
      startOnDemand: true,
      // SQLite returns control to an ended thread only when its statement finishes: until then it still
      // uses a core, so it counts against `threads`.
      replaceAfterExit: true,
      errors: {
        closed: () => new Error('The statistics store is closed.'),
        queueFull: () => queryQueueFull(),
        timedOut: () => queryTimedOut(timeLimitMs),
      },
    });
  }

  all<T>(sql: string, params: readonly SqlValue[]): Promise<T[]> {
    return this.pool.run({ sql, params }) as Promise<T[]>;
  }

  /** Starts every thread now and waits until each has opened its connection (starting one takes a while). */
  warmUp(): Promise<void> {
    return this.pool.warmUp();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
