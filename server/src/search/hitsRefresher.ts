/**
 * Keeps `jsDelivrHits` of the indexed packages equal to what our CDN served: the hits of each npm package
 * over the last 30 days, read from the statistics store (SQLite or PostgreSQL, whichever the configuration
 * chose) at start-up and then periodically, and written in one transaction, so that ranking by popularity
 * follows real use. It runs as a background job (`../background/backgroundJob.ts`): a refresh that fails (the
 * statistics unreachable, the index locked by another process) is logged and tried again after a backoff,
 * ranking keeping the previous figures meanwhile.
 */
import { startBackgroundJob, type BackgroundJob, type JobHost } from '../background/backgroundJob.ts';
import { SERVING_THREAD_LOCK_WAIT_MS } from '../sqlite/lockWaits.ts';
import { addDays, isoDay } from '../stats/periods.ts';
import type { StatsStore } from '../stats/store.ts';
import type { SearchIndex } from './index.ts';

/** The window of `jsDelivrHits`, as in the npm search index the website expects: the last 30 days. */
export const HITS_WINDOW_DAYS = 30;

/** Default pause between refreshes: statistics are folded in every few seconds, ranking need not follow as fast. */
export const DEFAULT_HITS_REFRESH_MS = 10 * 60_000;

export interface HitsRefresherOptions {
  intervalMs?: number;
  now?: () => Date;
  log?: (level: 'info' | 'warn', message: string, error?: unknown) => void;
  /** How long the write waits for another process's lock before it fails and is retried (default: SERVING_THREAD_LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** The first wait after a failed refresh (see `BackgroundJobOptions`). */
  backoffMs?: number;
}

/** Hits per npm package name over the last HITS_WINDOW_DAYS days, today included. */
export async function npmHitsOfLastDays(stats: StatsStore, now: Date): Promise<Map<string, number>> {
  const to = isoDay(now);
  const from = addDays(to, -(HITS_WINDOW_DAYS - 1));
  const top = await stats.reads.packages.topIn({ from, to }, 'hits', 'npm', { limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  return new Map(top.rows.map((row) => [row.name, row.hits]));
}

export class HitsRefresher {
  private job: BackgroundJob | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly index: SearchIndex,
    private readonly stats: StatsStore,
    private readonly options: HitsRefresherOptions = {},
  ) {}

  /** Reads the statistics and writes the changed figures; returns how many packages changed. Concurrent calls share one run. */
  refresh(): Promise<number> {
    this.running ??= (async () => {
      try {
        const hits = await npmHitsOfLastDays(this.stats, (this.options.now ?? (() => new Date()))());
        if (this.stopped || !this.index.db.open) return 0;
        return this.index.setHits(hits, { lockWaitMs: this.options.lockWaitMs ?? SERVING_THREAD_LOCK_WAIT_MS });
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /**
   * Refreshes now (resolving when that first refresh succeeded or failed) and then every interval until
   * stopped; a failed refresh is logged and counted by `host` and tried again after a backoff.
   */
  async start(host: JobHost): Promise<void> {
    this.stopped = false;
    this.job ??= startBackgroundJob(host, {
      name: 'search-hits-refresher',
      intervalMs: this.options.intervalMs ?? DEFAULT_HITS_REFRESH_MS,
      backoffMs: this.options.backoffMs ?? 5_000,
      maxBackoffMs: this.options.intervalMs ?? DEFAULT_HITS_REFRESH_MS,
      step: async () => {
        const changed = await this.refresh();
        if (changed > 0) this.options.log?.('info', `Search ranking: CDN hits of ${changed} packages updated`);
        return undefined;
      },
    });
    await this.job.firstStep;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.job?.stop();
    this.job = undefined;
    await this.running?.catch(() => undefined);
  }
}
