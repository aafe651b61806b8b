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
import { WorkerPool } from '../shared/workerPool.ts';
import { prepareBatch, type BatchSource, type PrepareJob, type PreparedBatch } from './prepare.ts';
import { ConcurrentIngestError, type StatsStore } from './store.ts';

export interface IngesterOptions {
  /** Folder of the request log files ({dataDir}/request-log). */
  logDir: string;
  /** Lines per transaction. */
  batchLines?: number;
  /** Folders where edge CDNs deliver their logs, one per provider. */
  edgeFeeds?: readonly EdgeFeed[];
  /**
   * While a backlog lasts (a batch came back full), read and fold the next batches in a worker thread so
   * that this thread only writes; true by default. Counts are the same either way.
   */
  foldThread?: boolean;
  /** Called inside the transaction, after the counts are written and before the commit. */
  beforeCommit?: (batchNumber: number) => void | Promise<void>;
}

export interface IngestResult {
  /** Lines counted. */
  lines: number;
  /** Lines consumed but not understood (damaged or not of the format): never counted, never fatal. */
  skipped: number;
  /** Origin lines left to the edge feed that counts the same request. */
  countedByEdge: number;
  batches: number;
}

/** A batch read and folded, with the offsets it was read from. */
interface Prepared extends PreparedBatch {
  from: ReadonlyMap<string, number>;
}

type BatchOutcome = { lines: number; skipped: number; countedByEdge: number; raced?: boolean };
const NOTHING: BatchOutcome = { lines: 0, skipped: 0, countedByEdge: 0 };

/** A batch is read and folded in well under a second; a thread stuck for this long is ended. */
const FOLD_TIME_LIMIT_MS = 5 * 60_000;

export class Ingester {
  private running: Promise<IngestResult> | undefined;
  private batches = 0;
  private readonly source: BatchSource;
  /** The folding thread, while a catch-up with a backlog runs. */
  private folder: WorkerPool<PrepareJob, PreparedBatch | undefined> | undefined;

  constructor(
    private readonly store: StatsStore,
    private readonly options: IngesterOptions,
  ) {
    this.source = { logDir: options.logDir, edgeFeeds: options.edgeFeeds ?? [], maxLines: options.batchLines ?? 20_000 };
  }

  /** Reads and counts one batch from the first source with unread lines; all zero when caught up. */
  async ingestBatch(): Promise<BatchOutcome> {
    const prepared = await this.prepare(await this.store.savedOffsets());
    return prepared ? this.commit(prepared) : NOTHING;
  }

  /** Reads and folds the next batch past `from` (in the folding thread when one runs); undefined when no source has unread lines. */
  private async prepare(from: ReadonlyMap<string, number>): Promise<Prepared | undefined> {
    const job: PrepareJob = { source: this.source, from };
    const batch = this.folder ? await this.folder.run(job) : await prepareBatch(job);
    return batch ? { ...batch, from } : undefined;
  }

  private startFolder(): void {
    this.folder = new WorkerPool<PrepareJob, PreparedBatch | undefined>({
      workerUrl: new URL('./prepareWorker.ts', import.meta.url),
      threads: 1,
      startOnDemand: true,
      timeLimitMs: FOLD_TIME_LIMIT_MS,
      // The batch being read ahead, and one more after a race with another ingester dropped it.
      maxQueued: 2,
      errors: {
        closed: () => new Error('The request-log folding thread was stopped.'),
        queueFull: () => new Error('The request-log folding thread is busy.'),
        timedOut: () => new Error(`Reading and folding a request-log batch took over ${FOLD_TIME_LIMIT_MS / 60_000} minutes.`),
      },
    });
  }

  private async commit(prepared: Prepared): Promise<BatchOutcome> {
    const { from } = prepared;
    const number = ++this.batches;
    try {
      await this.store.engine.transaction(async (tx) => {
        await this.store.applyBatch(tx, prepared.rows, from, prepared.offsets, prepared.linesPerFile);
        await this.options.beforeCommit?.(number);
      });
    } catch (error) {
      // Another ingester counted these lines first: nothing was written; read on from its offsets.
      if (error instanceof ConcurrentIngestError) return { ...NOTHING, raced: true };
      throw error;
    }
    this.store.noteIngested(prepared.days);
    return { lines: prepared.lines, skipped: prepared.skipped, countedByEdge: prepared.countedByEdge };
  }

  /** Ingests until the log is caught up. Concurrent callers share one run. */
  catchUp(): Promise<IngestResult> {
    this.running ??= (async () => {
      const result: IngestResult = { lines: 0, skipped: 0, countedByEdge: 0, batches: 0 };
      let ahead: Promise<Prepared | undefined> | undefined;
      try {
        for (;;) {
          const prepared = await (ahead ?? this.prepare(await this.store.savedOffsets()));
          ahead = undefined;
          if (!prepared) return result;
          // A full batch means a backlog: from now on the next batches are read and folded in a thread of
          // their own, in parallel with the writes of this one.
          if (!this.folder && this.options.foldThread !== false && prepared.consumed >= this.source.maxLines) this.startFolder();
          const committing = this.commit(prepared);
          // While the database writes this batch, read and fold the next one from where this one ends. If
          // the commit does not happen as read (another ingester was first), the read-ahead is dropped; and
          // a batch commits only where the saved offsets still are where it started, so reading ahead can
          // never count a line twice.
          ahead = this.prepare(new Map([...prepared.from, ...prepared.offsets]));
          ahead.catch(() => undefined);
          const { lines, skipped, countedByEdge, raced } = await committing;
          if (raced) {
            ahead = undefined;
            continue;
          }
          result.lines += lines;
          result.skipped += skipped;
          result.countedByEdge += countedByEdge;
          result.batches++;
        }
      } finally {
        const folder = this.folder;
        this.folder = undefined;
        await folder?.close();
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Catches up now and then every `intervalMs` until stopped; errors are reported, never thrown. */
  start(intervalMs: number, onError: (error: unknown) => void, onCaughtUp?: (result: IngestResult) => void): () => Promise<void> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async (): Promise<void> => {
      try {
        onCaughtUp?.(await this.catchUp());
      } catch (error) {
        onError(error);
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    };
    void tick();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await this.running?.catch(() => undefined);
    };
  }
}
