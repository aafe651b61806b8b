/**
 * Folds the request log into the statistics store. Each batch is read from the saved offsets, folded in
 * memory and written together with the new offsets in one transaction: if the process dies (even by
 * kill -9) before the commit, nothing of the batch is counted and the next run reads it again; after the
 * commit, the offsets say it was counted. So no line is lost and none is counted twice.
 */
import { foldLines } from './fold.ts';
import { readLogBatch } from '../requestlog/reader.ts';
import { ConcurrentIngestError, type StatsStore } from './store.ts';

export interface IngesterOptions {
  /** Folder of the request log files ({dataDir}/request-log). */
  logDir: string;
  /** Lines per transaction. */
  batchLines?: number;
  /** Called inside the transaction, after the counts are written and before the commit. */
  beforeCommit?: (batchNumber: number) => void | Promise<void>;
}

export interface IngestResult {
  lines: number;
  skipped: number;
  batches: number;
}

export class Ingester {
  private running: Promise<IngestResult> | undefined;
  private batches = 0;

  constructor(
    private readonly store: StatsStore,
    private readonly options: IngesterOptions,
  ) {}

  /** Reads and counts one batch; returns how many lines it consumed (0 when caught up). */
  async ingestBatch(): Promise<{ lines: number; skipped: number; raced?: boolean }> {
    const offsets = await this.store.savedOffsets();
    const batch = await readLogBatch(this.options.logDir, offsets, this.options.batchLines ?? 5000);
    const consumed = batch.lines.length + batch.skipped;
    if (consumed === 0) return { lines: 0, skipped: 0 };
    const fold = foldLines(batch.lines);
    const number = ++this.batches;
    try {
      await this.store.engine.transaction(async (tx) => {
        await this.store.applyBatch(tx, fold, offsets, batch.offsets, batch.linesPerFile);
        await this.options.beforeCommit?.(number);
      });
    } catch (error) {
      // Another ingester counted these lines first: nothing was written; read on from its offsets.
      if (error instanceof ConcurrentIngestError) return { lines: 0, skipped: 0, raced: true };
      throw error;
    }
    this.store.noteIngested(new Set([...fold.daily_network.values()].map((row) => row.key[0]!)));
    return { lines: batch.lines.length, skipped: batch.skipped };
  }

  /** Ingests until the log is caught up. Concurrent callers share one run. */
  catchUp(): Promise<IngestResult> {
    this.running ??= (async () => {
      const result: IngestResult = { lines: 0, skipped: 0, batches: 0 };
      try {
        for (;;) {
          const { lines, skipped, raced } = await this.ingestBatch();
          if (raced) continue;
          if (lines + skipped === 0) return result;
          result.lines += lines;
          result.skipped += skipped;
          result.batches++;
        }
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Catches up now and then every `intervalMs` until stopped; errors are reported, never thrown. */
  start(intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async (): Promise<void> => {
      try {
        await this.catchUp();
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
