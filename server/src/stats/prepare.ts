/**
 * Reading and folding one ingest batch: the same function runs on the ingester's thread or, while a
 * backlog lasts, in a worker thread (prepareWorker.ts), so the thread that writes only writes. What it
 * returns is plain data (cloned between threads); nothing is written here, so a batch prepared and then
 * not committed (another ingester was first) leaves no trace.
 */
import { readLogBatch, type LineBatch, type RequestLogLine } from '../requestlog/reader.ts';
import { edgeProviderCodes, readFeedBatch, type EdgeFeed } from '../requestlog/edge/feeds.ts';
import { daysOf, emptyFold, flattenFold, foldLine, type FoldedRows } from './fold.ts';

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

/** A batch read and folded, with the offsets it was read from. */
export interface PreparedFrom extends PreparedBatch {
  from: ReadonlyMap<string, number>;
}

export interface PrepareJob {
  source: BatchSource;
  from: ReadonlyMap<string, number>;
  /** Consecutive batches to read, each from where the one before it ends; fewer once one is not full. */
  batches: number;
}

/**
 * Reads and folds up to `batches` consecutive batches past `from`: what one transaction writes. Each is
 * folded on its own: one fold of five batches' lines would hold five times the rows in its maps and sort
 * them at once, which costs more per line than it saves in rows.
 */
export async function prepareBatches({ source, from, batches }: PrepareJob): Promise<PreparedFrom[]> {
  const prepared: PreparedFrom[] = [];
  let at = from;
  while (prepared.length < batches) {
    const batch = await prepareBatch(source, at);
    if (!batch) break;
    prepared.push({ ...batch, from: at });
    if (batch.consumed < source.maxLines) break;
    at = new Map([...at, ...batch.offsets]);
  }
  return prepared;
}

/** Reads and folds the next batch past `from`, from the first source with unread lines; undefined when none has any. */
async function prepareBatch(source: BatchSource, from: ReadonlyMap<string, number>): Promise<PreparedBatch | undefined> {
  const edgeCodes = edgeProviderCodes(source.edgeFeeds);
  // Origin lines of a provider with a feed of its own are counted from that feed (ingester.ts).
  const origin = await readFolded(
    (each) => readLogBatch(source.logDir, from, source.maxLines, each),
    (line) => !edgeCodes.has((line.provider ?? '').toUpperCase()),
  );
  if (origin) return origin;
  for (const feed of source.edgeFeeds) {
    const batch = await readFolded(
      (each) => readFeedBatch(feed, from, source.maxLines, each),
      () => true,
    );
    if (batch) return batch;
  }
  return undefined;
}

/**
 * Reads a batch, folding each line that `counts` as it is read (the lines themselves are not kept);
 * undefined when the source had no unread line.
 */
async function readFolded(
  read: (each: (line: RequestLogLine) => void) => Promise<LineBatch<RequestLogLine>>,
  counts: (line: RequestLogLine) => boolean,
): Promise<PreparedBatch | undefined> {
  const fold = emptyFold();
  let lines = 0;
  let countedByEdge = 0;
  const batch = await read((line) => {
    if (counts(line)) {
      foldLine(line, fold);
      lines++;
    } else countedByEdge++;
  });
  const consumed = lines + countedByEdge + batch.skipped;
  if (consumed === 0) return undefined;
  return {
    offsets: batch.offsets,
    linesPerFile: batch.linesPerFile,
    consumed,
    skipped: batch.skipped,
    lines,
    countedByEdge,
    rows: flattenFold(fold),
    days: daysOf(fold),
  };
}
