/**
 * Reads the CDN's request log (server/src/requestlog/FORMAT.md) from saved byte offsets, one offset per
 * daily file, and returns complete lines only: a line without its newline is still being written and is
 * left for the next read. Lines that are not valid JSON of the format are skipped but still consumed, so
 * that one damaged line cannot stop the statistics.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RequestLogLine } from './line.ts';

export type { RequestLogLine };

export type LogBatch = LineBatch<RequestLogLine>;

const FILE_PATTERN = /^\d{4}-\d{2}-\d{2}\.ndjson$/;
const CHUNK = 1 << 20;
/** A compressed edge log file larger than this once decompressed is refused (a gzip bomb), never read. */
const MAX_GZIP_BYTES = 1 << 30;

export function requestLogDir(dataDir: string): string {
  return path.join(dataDir, 'request-log');
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Validates one parsed line; null when it is not a line of the format. */
export function toLogLine(value: unknown): RequestLogLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (typeof o['t'] !== 'string' || Number.isNaN(Date.parse(o['t']))) return null;
  const type = o['type'];
  if (type !== 'npm' && type !== 'gh' && type !== 'wp' && type !== 'combine' && type !== 'other') return null;
  const kind = o['kind'];
  const cache = o['cache'];
  return {
    v: 1,
    t: o['t'],
    type,
    name: str(o['name']),
    version: str(o['version']),
    kind: kind === 'version' || kind === 'alias' || kind === 'branch' || kind === 'commit' ? kind : null,
    file: str(o['file']),
    status: typeof o['status'] === 'number' ? o['status'] : 0,
    bytes: typeof o['bytes'] === 'number' && o['bytes'] >= 0 ? Math.round(o['bytes']) : 0,
    provider: str(o['provider']),
    country: str(o['country']),
    ua: str(o['ua']),
    proxy: str(o['proxy']),
    cache: cache === 'hit' || cache === 'miss' || cache === 'stale' ? cache : null,
  };
}

/** Log files in day order. */
export async function listLogFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => FILE_PATTERN.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Reads at most `maxLines` complete lines past the saved offsets, oldest file first. With `each`, every
 * line goes to it as it is read and the batch's `lines` stay empty (see readLineBatch).
 */
export async function readLogBatch(
  dir: string,
  saved: ReadonlyMap<string, number>,
  maxLines: number,
  each?: (line: RequestLogLine) => void,
): Promise<LogBatch> {
  return readLineBatch({ dir, files: await listLogFiles(dir), saved, maxLines, parse: parseLogLine }, each);
}

function parseLogLine(text: string): RequestLogLine | null {
  try {
    return toLogLine(JSON.parse(text));
  } catch {
    return null;
  }
}

export interface LineSource<T> {
  dir: string;
  /** Files to read, relative to `dir`, in reading order. */
  files: readonly string[];
  /** Saved offsets by position key. */
  saved: ReadonlyMap<string, number>;
  maxLines: number;
  /** One line (without its newline) to a record; null for a line that is not one. */
  parse: (text: string) => T | null;
  /** The key a file's offset is saved under; the file's relative name by default. */
  keyOf?: (file: string) => string;
}

export interface LineBatch<T> {
  /** The lines understood, in reading order; empty when they went to a callback instead. */
  lines: T[];
  /** New offset of every file read from, by position key; save these with the counts. */
  offsets: Map<string, number>;
  /** Lines consumed from each file (understood or not), by position key. */
  linesPerFile: Map<string, number>;
  /** Lines consumed but not understood. */
  skipped: number;
}

/**
 * Reads complete lines of append-only files past their saved byte offsets. A gzip file (`.gz`) cannot be
 * appended to: it is read whole once it decompresses completely (a file still being copied does not, and
 * is left for later), and its offset is then its compressed size.
 */
export async function readLineBatch<T>(source: LineSource<T>, each?: (line: T) => void): Promise<LineBatch<T>> {
  const batch: LineBatch<T> = { lines: [], offsets: new Map(), linesPerFile: new Map(), skipped: 0 };
  // A caller that folds lines as they come keeps none of them: a batch's lines then die young, where
  // collected they would outlive a few collections of the young generation and be copied by each.
  const keep = each ?? ((line: T) => batch.lines.push(line));
  const keyOf = source.keyOf ?? ((file: string) => file);
  let budget = source.maxLines;
  const take = (key: string, buffer: Buffer, from: number, all: boolean): number => {
    let lineStart = from;
    for (;;) {
      if (budget <= 0 && !all) break;
      const end = buffer.indexOf(10, lineStart);
      if (end < 0) break;
      const text = buffer.toString('utf8', lineStart, end);
      lineStart = end + 1;
      budget--;
      batch.linesPerFile.set(key, (batch.linesPerFile.get(key) ?? 0) + 1);
      const line = source.parse(text);
      if (line) keep(line);
      else batch.skipped++;
    }
    return lineStart;
  };
  for (const name of source.files) {
    if (budget <= 0) break;
    const key = keyOf(name);
    const start = source.saved.get(key) ?? 0;
    const handle = await fs.open(path.join(source.dir, name), 'r');
    try {
      const { size } = await handle.stat();
      if (size <= start) continue;
      if (name.endsWith('.gz')) {
        let text: Buffer;
        try {
          text = zlib.gunzipSync(await handle.readFile(), { maxOutputLength: MAX_GZIP_BYTES });
        } catch {
          continue;
        }
        // A last line without its newline is whole: nothing is appended to a gzip file.
        if (text.length && text[text.length - 1] !== 10) text = Buffer.concat([text, Buffer.from('\n')]);
        take(key, text, 0, true);
        batch.offsets.set(key, size);
        continue;
      }
      let offset = start;
      // Bytes read but not yet a complete line; kept for the next chunk.
      let carry = Buffer.alloc(0);
      let position = start;
      while (budget > 0 && position < size) {
        const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        const buffer = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
        const lineStart = take(key, buffer, 0, false);
        offset = position - buffer.length + lineStart;
        carry = buffer.subarray(lineStart);
      }
      if (offset > start) batch.offsets.set(key, offset);
    } finally {
      await handle.close();
    }
  }
  return batch;
}
