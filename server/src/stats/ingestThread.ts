/**
 * Runs the ingester in a thread of its own, so that reading, folding and above all writing the statistics
 * (SQLite's calls are synchronous: a transaction of a backlog holds its thread for up to a second) never
 * hold up the thread that answers the data API's requests. The thread opens its own connection to the
 * same database; after each catch-up the serving store is told which days changed.
 */
import type { Config } from '../config/config.ts';
import { WorkerPool } from '../workers/workerPool.ts';
import type { IngestResult } from './ingester.ts';

/** What the thread needs to open the database and find the logs: plain data, cloned into it. */
export interface IngestThreadSetup {
  config: Pick<Config, 'dataDir' | 'storage' | 'edgeLogs'>;
  logDir: string;
}

export type IngestJob = { kind: 'catchUp'; budgetMs: number } | { kind: 'close' };

/** A catch-up job returns within about this long, so a stop never waits for a whole backlog. */
const CATCH_UP_BUDGET_MS = 10_000;
/** Past this, the thread is taken for stuck and ended (a transaction is rolled back; nothing is lost). */
const JOB_TIME_LIMIT_MS = 10 * 60_000;

export class IngestThread {
  private readonly pool: WorkerPool<IngestJob, IngestResult | null>;
  private running: Promise<IngestResult> | undefined;

  constructor(
    setup: IngestThreadSetup,
    /** Called with the days each catch-up counted lines of. */
    private readonly onIngested: (days: readonly string[]) => void,
  ) {
    this.pool = new WorkerPool<IngestJob, IngestResult | null>({
      workerUrl: new URL('./ingestWorker.ts', import.meta.url),
      workerData: setup,
      threads: 1,
      startOnDemand: true,
      timeLimitMs: JOB_TIME_LIMIT_MS,
      maxQueued: 1,
      errors: {
        closed: () => new Error('The request-log ingest thread was stopped.'),
        queueFull: () => new Error('The request-log ingest thread is busy.'),
        timedOut: () => new Error(`A request-log catch-up took over ${JOB_TIME_LIMIT_MS / 60_000} minutes.`),
      },
    });
  }

  /** One catch-up of at most about CATCH_UP_BUDGET_MS (`more` says lines are left). Concurrent callers share one run. */
  catchUp(): Promise<IngestResult> {
    this.running ??= this.pool
      .run({ kind: 'catchUp', budgetMs: CATCH_UP_BUDGET_MS })
      .then((result) => {
        this.onIngested(result!.days);
        return result!;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Waits for the catch-up under way, closes the thread's connection, then ends the thread. */
  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.pool.run({ kind: 'close' }).catch(() => undefined);
    await this.pool.close();
  }
}
