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
import { foldLines, type FoldedBatch } from './fold.ts';
import { readLogBatch, type LineBatch } from '../requestlog/reader.ts';
import type { RequestLogLine } from '../requestlog/line.ts';
import { edgeProviderCodes, readFeedBatch, type EdgeFeed } from '../requestlog/edge/feeds.ts';
import { ConcurrentIngestError, type StatsStore } from './store.ts';

export interface IngesterOptions {
  /** Folder of the request log files ({dataDir}/request-log). */
  logDir: string;
  /** Lines per transaction. */
  batchLines?: number;
  /** Folders where edge CDNs deliver their logs, one per provider. */
  edgeFeeds?: readonly EdgeFeed[];
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
interface Prepared {
  from: ReadonlyMap<string, number>;
  batch: LineBatch<RequestLogLine>;
  fold: FoldedBatch;
  /** Lines counted (origin lines left to an edge feed are not). */
  lines: number;
  countedByEdge: number;
}

type BatchOutcome = { lines: number; skipped: number; countedByEdge: number; raced?: boolean };
const NOTHING: BatchOutcome = { lines: 0, skipped: 0, countedByEdge: 0 };

export class Ingester {
  private running: Promise<IngestResult> | undefined;
  private batches = 0;
  private readonly edgeCodes: Set<string>;

  constructor(
    private readonly store: StatsStore,
    private readonly options: IngesterOptions,
  ) {
    this.edgeCodes = edgeProviderCodes(options.edgeFeeds ?? []);
  }

  /** Reads and counts one batch from the first source with unread lines; all zero when caught up. */
  async ingestBatch(): Promise<BatchOutcome> {
    const prepared = await this.prepare(await this.store.savedOffsets());
    return prepared ? this.commit(prepared) : NOTHING;
  }

  /** Reads and folds the next batch past `from`, from the first source with unread lines; undefined when none has any. */
  private async prepare(from: ReadonlyMap<string, number>): Promise<Prepared | undefined> {
    const maxLines = this.options.batchLines ?? 20_000;
    const origin = await readLogBatch(this.options.logDir, from, maxLines);
    if (origin.lines.length + origin.skipped > 0) {
      const counted = this.edgeCodes.size ? origin.lines.filter((line) => !this.edgeCodes.has((line.provider ?? '').toUpperCase())) : origin.lines;
      return { from, batch: origin, fold: foldLines(counted), lines: counted.length, countedByEdge: origin.lines.length - counted.length };
    }
    for (const feed of this.options.edgeFeeds ?? []) {
      const batch = await readFeedBatch(feed, from, maxLines);
      if (batch.lines.length + batch.skipped > 0) return { from, batch, fold: foldLines(batch.lines), lines: batch.lines.length, countedByEdge: 0 };
    }
    return undefined;
  }

  private async commit(prepared: Prepared): Promise<BatchOutcome> {
    const { from, batch, fold } = prepared;
    const number = ++this.batches;
    try {
      await this.store.engine.transaction(async (tx) => {
        await this.store.applyBatch(tx, fold, from, batch.offsets, batch.linesPerFile);
        await this.options.beforeCommit?.(number);
      });
    } catch (error) {
      // Another ingester counted these lines first: nothing was written; read on from its offsets.
      if (error instanceof ConcurrentIngestError) return { ...NOTHING, raced: true };
      throw error;
    }
    this.store.noteIngested(new Set([...fold.daily_network.values()].map((row) => row.key[0]!)));
    return { lines: prepared.lines, skipped: batch.skipped, countedByEdge: prepared.countedByEdge };
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
          const committing = this.commit(prepared);
          // While the database writes this batch, read and fold the next one from where this one ends. If
          // the commit does not happen as read (another ingester was first), the read-ahead is dropped; and
          // a batch commits only where the saved offsets still are where it started, so reading ahead can
          // never count a line twice.
          ahead = this.prepare(new Map([...prepared.from, ...prepared.batch.offsets]));
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
