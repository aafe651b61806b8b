/**
 * Folds the request log, and the logs of the edge CDNs in front of us, into the statistics store. Each
 * batch is read from the saved offsets, folded in memory and written together with the new offsets in one
 * transaction: if the process dies (even by kill -9) before the commit, nothing of the batch is counted and
 * the next run reads it again; after the commit, the offsets say it was counted. So no line is lost and
 * none is counted twice.
 *
 * With edge feeds, a request that came through an edge is in that edge's log (hit or miss): the origin's
 * line of the same request (it carries the edge's provider code, which the CDN believes only from the
 * trusted edge) is consumed but not counted, so our origin's own lines count only traffic that reached us
 * directly. Lines of a provider without a feed are still counted from our log.
 */
import type { EdgeFeed } from '../requestlog/edge/feeds.ts';
import { startBackgroundJob, type JobHost } from '../background/backgroundJob.ts';
import { WorkerPool } from '../workers/workerPool.ts';
import { prepareBatches, type BatchSource, type PrepareJob, type PreparedFrom } from './prepare.ts';
import type { StatsStore } from './store.ts';
import { ConcurrentIngestError } from './write/rollupWriter.ts';

export interface IngesterOptions {
  /** Folder of the request log files ({dataDir}/request-log). */
  logDir: string;
  /** Lines read and folded at a time: one transaction's worth unless a backlog lasts. */
  batchLines?: number;
  /**
   * While a backlog lasts, consecutive batches are read ahead together and written in one transaction of
   * up to this many lines (five batches by default): a commit writes every page it changed, so one commit
   * for five batches writes a page once where five would write it up to five times.
   */
  transactionLines?: number;
  /** Folders where edge CDNs deliver their logs, one per provider. */
  edgeFeeds?: readonly EdgeFeed[];
  /**
   * While a backlog lasts (a batch came back full), read and fold the next batches in a worker thread so
   * that this thread only writes; true by default. Counts are the same either way.
   */
  foldThread?: boolean;
  /** Called inside each transaction, after the counts are written and before the commit, with the transaction's number (from 1). */
  beforeCommit?: (commitNumber: number) => void | Promise<void>;
}

export interface IngestResult {
  /** Lines counted. */
  lines: number;
  /** Lines consumed but not understood (damaged or not of the format): never counted, never fatal. */
  skipped: number;
  /** Origin lines left to the edge feed that counts the same request. */
  countedByEdge: number;
  batches: number;
  /** The days the counted lines were of: a reader's figures of those days are out of date. */
  days: string[];
  /** The catch-up stopped at its time budget with lines still unread. */
  more: boolean;
}

/** What one transaction counted; `raced` when another ingester had counted its lines first and nothing was written. */
type CommitOutcome = IngestResult & { raced?: boolean };
const nothing = (): CommitOutcome => ({ lines: 0, skipped: 0, countedByEdge: 0, batches: 0, days: [], more: false });

/** Batches per transaction while a backlog lasts, unless `transactionLines` says otherwise. */
const BATCHES_PER_TRANSACTION = 5;

/** A batch is read and folded in well under a second; a thread stuck for this long is ended. */
const FOLD_TIME_LIMIT_MS = 5 * 60_000;

export class Ingester {
  private running: Promise<IngestResult> | undefined;
  private commits = 0;
  /** Batches one transaction may hold while a backlog lasts. */
  private readonly batchesPerCommit: number;
  private readonly source: BatchSource;
  /** Batches being read ahead when a catch-up stopped at its budget. */
  private readAhead: Promise<PreparedFrom[]> | undefined;
  /** The folding thread, while a catch-up with a backlog runs. */
  private folder: WorkerPool<PrepareJob, PreparedFrom[]> | undefined;

  constructor(
    private readonly store: StatsStore,
    private readonly options: IngesterOptions,
  ) {
    this.source = { logDir: options.logDir, edgeFeeds: options.edgeFeeds ?? [], maxLines: options.batchLines ?? 20_000 };
    this.batchesPerCommit = Math.max(1, Math.floor((options.transactionLines ?? BATCHES_PER_TRANSACTION * this.source.maxLines) / this.source.maxLines));
  }

  /**
   * Reads and folds up to `batches` consecutive batches past `from` (in the folding thread when one runs);
   * none when no source has unread lines.
   */
  private prepare(from: ReadonlyMap<string, number>, batches: number): Promise<PreparedFrom[]> {
    const job: PrepareJob = { source: this.source, from, batches };
    return this.folder ? this.folder.run(job) : prepareBatches(job);
  }

  /** Ends the folding thread, if one runs; the next backlog starts another. */
  async closeFolder(): Promise<void> {
    this.readAhead = undefined;
    const folder = this.folder;
    this.folder = undefined;
    await folder?.close();
  }

  private startFolder(): void {
    this.folder = new WorkerPool<PrepareJob, PreparedFrom[]>({
      workerUrl: new URL('./prepareWorker.ts', import.meta.url),
      threads: 1,
      startOnDemand: true,
      timeLimitMs: FOLD_TIME_LIMIT_MS,
      // The batches being read ahead, and one more job after a race with another ingester dropped them.
      maxQueued: 2,
      errors: {
        closed: () => new Error('The request-log folding thread was stopped.'),
        queueFull: () => new Error('The request-log folding thread is busy.'),
        timedOut: () => new Error(`Reading and folding a request-log batch took over ${FOLD_TIME_LIMIT_MS / 60_000} minutes.`),
      },
    });
  }

  /**
   * Writes consecutive batches in one transaction. Nothing in it waits for a read: another connection of
   * this thread that wanted SQLite's write lock meanwhile would block the thread, this transaction with it.
   */
  private async commit(batches: readonly PreparedFrom[]): Promise<CommitOutcome> {
    const outcome = nothing();
    try {
      await this.store.writer.commit(batches, () => this.options.beforeCommit?.(++this.commits));
    } catch (error) {
      // Another ingester counted these lines first: nothing was written; read on from its offsets.
      if (error instanceof ConcurrentIngestError) return { ...outcome, raced: true };
      throw error;
    }
    for (const batch of batches) {
      outcome.lines += batch.lines;
      outcome.skipped += batch.skipped;
      outcome.countedByEdge += batch.countedByEdge;
      outcome.batches++;
      outcome.days.push(...batch.days);
    }
    this.store.reads.noteIngested(outcome.days);
    return outcome;
  }

  /**
   * Ingests until the log is caught up, or until a transaction ends past `budgetMs` (then `more` is set).
   * Concurrent callers share one run.
   */
  catchUp(budgetMs = Infinity): Promise<IngestResult> {
    this.running ??= (async () => {
      const result = nothing();
      const deadline = performance.now() + budgetMs;
      const days = new Set<string>();
      const done = (more: boolean): IngestResult => ({ ...result, days: [...days], more });
      // Batches read ahead by a catch-up that stopped at its budget are this one's first.
      let ahead = this.readAhead;
      this.readAhead = undefined;
      try {
        for (;;) {
          // One batch to begin with: a small catch-up is one batch, one transaction, on this thread.
          const batches = await (ahead ?? this.prepare(await this.store.writer.savedOffsets(), 1));
          ahead = undefined;
          const last = batches.at(-1);
          if (!last) return done(false);
          // A full batch means a backlog: from now on the next batches are read and folded in a thread of
          // their own, in parallel with the writes, several to a transaction.
          if (!this.folder && this.options.foldThread !== false && last.consumed >= this.source.maxLines) this.startFolder();
          const committing = this.commit(batches);
          // While the database writes these, read and fold the next ones from where they end. If the commit
          // does not happen as read (another ingester was first), the read-ahead is dropped; and a batch is
          // written only where the saved offsets still are where it started, so reading ahead can never
          // count a line twice.
          ahead = this.prepare(new Map([...last.from, ...last.offsets]), this.batchesPerCommit);
          ahead.catch(() => undefined);
          const outcome = await committing;
          if (outcome.raced) {
            ahead = undefined;
            continue;
          }
          result.lines += outcome.lines;
          result.skipped += outcome.skipped;
          result.countedByEdge += outcome.countedByEdge;
          result.batches += outcome.batches;
          for (const day of outcome.days) days.add(day);
          if (performance.now() > deadline) {
            this.readAhead = ahead;
            return done(true);
          }
        }
      } finally {
        // A catch-up that stopped at its budget is followed at once by the next: its folding thread stays.
        if (!this.readAhead) await this.closeFolder();
        this.running = undefined;
      }
    })();
    return this.running;
  }
}

/**
 * Catches up now and then every `intervalMs` until stopped (at once again while a catch-up stopped at its
 * budget with lines left), as a background job: a failed catch-up (the database locked past its busy
 * timeout, a disk error) is logged and counted by `host` and tried again after a backoff; nothing of it was
 * counted, so nothing is lost. Resolves the returned stop() once the catch-up under way, if any, is over.
 */
export function catchUpEvery(
  ingester: { catchUp(): Promise<IngestResult> },
  intervalMs: number,
  host: JobHost,
  onCaughtUp?: (result: IngestResult) => void,
  backoffMs = Math.max(intervalMs, 1_000),
): () => Promise<void> {
  const job = startBackgroundJob(host, {
    name: 'stats-ingest',
    intervalMs,
    backoffMs,
    maxBackoffMs: 60_000,
    step: async () => {
      const result = await ingester.catchUp();
      onCaughtUp?.(result);
      return result.more ? 0 : undefined;
    },
  });
  return () => job.stop();
}
