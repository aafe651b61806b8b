/**
 * Search queries run in worker threads, each with its own read-only connection to the index file, never on
 * the thread that serves requests: better-sqlite3 is synchronous, and one query with hundreds of filters
 * would otherwise hold every other request of the process. At most `threads` calls are answered at once and
 * `maxQueued` wait (past that: 503 at once); a call over its time limit has its thread ended (a fresh one
 * replaces it) and gets a 504, instead of a stall.
 *
 * Calls are admitted fairly (`../admission/fairQueue.ts`): each is tagged with its client and its cost (its
 * queries, each weighted by its filters: `searchCost`). A call costing at most `cheapCost` (what the website
 * sends) is served before waiting heavy calls and has `cheapThreads` threads of its own, so it never waits
 * behind heavy calls, even all from one client; heavy calls take turns between clients by cost; a client
 * with `budget` units already queued and running gets a 429 with Retry-After.
 */
import os from 'node:os';
import { ClientOverBudget, type Ticket } from '../admission/fairQueue.ts';
import { WorkerPool } from '../workers/workerPool.ts';
import type { ShapedResult, ShapedSearch } from './answerJson.ts';
import type { SearchParams } from './index.ts';

export interface QueryPoolOptions {
  /** Query threads any call may use; default: the machine's cores, at most 4. */
  threads?: number;
  /** Further threads only cheap calls may use (default 1): a cheap call never waits behind heavy ones. */
  cheapThreads?: number;
  /** Calls costing at most this (`searchCost`) are cheap; default 8. */
  cheapCost?: number;
  /** Units of heavy calls one client may have queued and running (default 30,000: twelve calls of 50 queries with 49 filters). */
  budget?: number;
  /** Units of cheap calls one client may have queued and running (default 64). */
  cheapBudget?: number;
  /** Scheduling niceness of the threads that run heavy calls (Linux; default 10: they yield to the rest). */
  heavyThreadNice?: number;
  /** False: calls are served in arrival order on all the threads, with no budget (the benchmark's reference). */
  fair?: boolean;
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

/**
 * What a call is estimated to cost before it runs: each query one unit, and one more per facet filter
 * (each filter is a set of packages read and tested; a query with 49 negated filters took about 50 times
 * as long as the same query alone).
 */
export function searchCost(searches: readonly SearchParams[]): number {
  let cost = 0;
  for (const search of searches) {
    cost += 1;
    for (const group of search.facetFilters) cost += group.length;
  }
  return cost;
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

export class QueryPool {
  private readonly pool: WorkerPool<ShapedSearch[], ShapedResult[]>;
  readonly timeLimitMs: number;

  constructor(file: string, options: QueryPoolOptions = {}) {
    const timeLimitMs = (this.timeLimitMs = options.timeLimitMs ?? 2000);
    const cheapThreads = Math.max(0, options.cheapThreads ?? 1);
    this.pool = new WorkerPool({
      workerUrl: new URL('./queryWorker.ts', import.meta.url),
      workerData: { file, exactCountVolume: options.exactCountVolume },
      // V8's young generation is three semi-spaces: the two halves and the space for large new objects.
      resourceLimits: { maxYoungGenerationSizeMb: 3 * QUERY_THREAD_SEMI_SPACE_MB },
      threads: (options.threads ?? Math.min(4, os.availableParallelism())) + cheapThreads,
      fairness: {
        enabled: options.fair ?? true,
        budget: options.budget ?? 30_000,
        cheapCost: options.cheapCost ?? 8,
        cheapBudget: options.cheapBudget ?? 64,
        reservedThreads: cheapThreads,
        // On Linux the threads that run heavy calls yield the cores to the serving thread and the cheap
        // lane's: with every core busy with heavy calls, a cheap call otherwise waited its turn on a core.
        heavyThreadNice: options.heavyThreadNice ?? 10,
      },
      timeLimitMs,
      maxQueued: options.maxQueued ?? 100,
      waitsForReady: true,
      errors: {
        closed: () => new Error('The search is closing.'),
        queueFull: () => new QueryPoolError(503, 'The search service is busy; please try again in a moment'),
        overBudget: (_job, seconds) =>
          new ClientOverBudget(`Too many of your searches are already running or waiting; please try again in ${seconds} s`, seconds),
        timedOut: () => new QueryPoolError(504, `The search took longer than ${duration(timeLimitMs)} and was stopped; try fewer filters or a longer query`),
      },
    });
  }

  /** Resolves when every thread is ready to answer (the first answers are then fast). */
  ready(): Promise<void> {
    return this.pool.warmUp();
  }

  /** Answers the queries of one call, in order, for `client` (see `../http/clientKey.ts`). */
  search(searches: ShapedSearch[], client = ''): Promise<ShapedResult[]> {
    const ticket: Ticket = { client, cost: searchCost(searches) };
    return this.pool.run(searches, ticket);
  }

  /** Calls running on a query thread, and calls waiting for one. */
  get load(): { running: number; waiting: number } {
    return this.pool.load;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
