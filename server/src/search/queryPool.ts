/**
 * Search queries run in worker threads, each with its own read-only connection to the index file, never on
 * the thread that serves requests: better-sqlite3 is synchronous, and one query with hundreds of filters
 * would otherwise hold every other request of the process. At most `threads` calls are answered at once and
 * `maxQueued` wait (past that: 503 at once); a call over its time limit has its thread ended (a fresh one
 * replaces it) and gets a 504, instead of a stall.
 */
import os from 'node:os';
import { WorkerPool } from '../shared/workerPool.ts';
import type { SearchParams, SearchResult } from './index.ts';

export interface QueryPoolOptions {
  /** Query threads; default: the machine's cores, at most 4. */
  threads?: number;
  /** Time limit of one call (all its queries), from the moment a thread takes it. */
  timeLimitMs?: number;
  /** Calls waiting for a thread; more are refused with a 503. */
  maxQueued?: number;
  /** Passed to each thread's index (tests make it small to see estimated counts). */
  exactCountVolume?: number;
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

/**
 * The young generation of a query thread, in megabytes of each of its two halves (V8's semi-space). A query
 * over millions of packages allocates its candidate lists there; with Node's default of 16 MB, one query
 * in twenty-five at two million packages waited 5 to 10 ms for a collection, which decided the 99th
 * percentile. At 64 MB collections are a quarter as frequent and cost no more each.
 */
export const QUERY_THREAD_SEMI_SPACE_MB = 64;

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

export class QueryPool {
  private readonly pool: WorkerPool<SearchParams[], SearchResult[]>;
  readonly timeLimitMs: number;

  constructor(file: string, options: QueryPoolOptions = {}) {
    const timeLimitMs = (this.timeLimitMs = options.timeLimitMs ?? 2000);
    this.pool = new WorkerPool({
      workerUrl: new URL('./queryWorker.ts', import.meta.url),
      workerData: { file, exactCountVolume: options.exactCountVolume },
      // V8's young generation is three semi-spaces: the two halves and the space for large new objects.
      resourceLimits: { maxYoungGenerationSizeMb: 3 * QUERY_THREAD_SEMI_SPACE_MB },
      threads: options.threads ?? Math.min(4, os.availableParallelism()),
      timeLimitMs,
      maxQueued: options.maxQueued ?? 100,
      waitsForReady: true,
      errors: {
        closed: () => new Error('The search is closing.'),
        queueFull: () => new QueryPoolError(503, 'The search service is busy; please try again in a moment'),
        timedOut: () => new QueryPoolError(504, `The search took longer than ${duration(timeLimitMs)} and was stopped; try fewer filters or a longer query`),
      },
    });
  }

  /** Resolves when every thread is ready to answer (the first answers are then fast). */
  ready(): Promise<void> {
    return this.pool.warmUp();
  }

  /** Answers the queries of one call, in order. */
  search(searches: SearchParams[]): Promise<SearchResult[]> {
    return this.pool.run(searches);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
