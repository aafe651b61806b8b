/**
 * Reading and folding one ingest batch: the same function runs on the ingester's thread or, while a
 * backlog lasts, in a worker thread (prepareWorker.ts), so the thread that writes only writes. What it
 * returns is plain data (cloned between threads); nothing is written here, so a batch prepared and then
 * not committed (another ingester was first) leaves no trace.
 */
import { readLogBatch, type LogBatch, type RequestLogLine } from '../requestlog/reader.ts';
import { edgeProviderCodes, readFeedBatch, type EdgeFeed } from '../requestlog/edge/feeds.ts';
import { daysOf, flattenFold, foldLines, type FoldedRows } from './fold.ts';

export interface BatchSource {
  /** Folder of the request log files. */
  logDir: string;
  edgeFeeds: readonly EdgeFeed[];
  /** Lines per batch. */
  maxLines: number;
}

/** A batch read and folded, without the lines themselves. */
export interface PreparedBatch {
  /** New offset of every file read from; saved with the counts. */
  offsets: Map<string, number>;
  /** Lines consumed from each file (understood or not). */
  linesPerFile: Map<string, number>;
  /** Lines consumed: when this reaches the batch size, more are probably waiting. */
  consumed: number;
  /** Lines consumed but not understood. */
  skipped: number;
  /** Lines counted (origin lines left to an edge feed are not). */
  lines: number;
  countedByEdge: number;
  /** The roll-up rows to add, per table, sorted and flattened. */
  rows: FoldedRows;
  /** The days the batch counts requests of. */
  days: string[];
}

export interface PrepareJob {
  source: BatchSource;
  from: ReadonlyMap<string, number>;
}

/** Reads and folds the next batch past `from`, from the first source with unread lines; undefined when none has any. */
export async function prepareBatch({ source, from }: PrepareJob): Promise<PreparedBatch | undefined> {
  const origin = await readLogBatch(source.logDir, from, source.maxLines);
  if (origin.lines.length + origin.skipped > 0) {
    const edgeCodes = edgeProviderCodes(source.edgeFeeds);
    return prepared(origin, edgeCodes.size ? origin.lines.filter((line) => !edgeCodes.has((line.provider ?? '').toUpperCase())) : origin.lines);
  }
  for (const feed of source.edgeFeeds) {
    const batch = await readFeedBatch(feed, from, source.maxLines);
    if (batch.lines.length + batch.skipped > 0) return prepared(batch, batch.lines);
  }
  return undefined;
}

/** A batch read, folded: `counted` are the lines of it that count (origin lines left to an edge feed do not). */
function prepared(batch: LogBatch, counted: readonly RequestLogLine[]): PreparedBatch {
  const fold = foldLines(counted);
  return {
    offsets: batch.offsets,
    linesPerFile: batch.linesPerFile,
    consumed: batch.lines.length + batch.skipped,
    skipped: batch.skipped,
    lines: counted.length,
    countedByEdge: batch.lines.length - counted.length,
    rows: flattenFold(fold),
    days: daysOf(fold),
  };
}
