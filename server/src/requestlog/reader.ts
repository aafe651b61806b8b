/**
 * Reads the CDN's request log (server/src/requestlog/FORMAT.md) from saved byte offsets, one offset per
 * daily file, and returns complete lines only: a line without its newline is still being written and is
 * left for the next read. Lines that are not valid JSON of the format are skipped but still consumed, so
 * that one damaged line cannot stop the statistics.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestLogLine } from './line.ts';

export type { RequestLogLine };


export interface LogBatch {
  lines: RequestLogLine[];
  /** New offset of every file read from; save these with the counts. */
  offsets: Map<string, number>;
  /** Lines consumed from each file (understood or not). */
  linesPerFile: Map<string, number>;
  /** Lines consumed but not understood. */
  skipped: number;
}

const FILE_PATTERN = /^\d{4}-\d{2}-\d{2}\.ndjson$/;
const CHUNK = 1 << 20;

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
  if (type !== 'npm' && type !== 'gh' && type !== 'combine' && type !== 'other') return null;
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

/** Reads at most `maxLines` complete lines past the saved offsets, oldest file first. */
export async function readLogBatch(dir: string, saved: ReadonlyMap<string, number>, maxLines: number): Promise<LogBatch> {
  const batch: LogBatch = { lines: [], offsets: new Map(), linesPerFile: new Map(), skipped: 0 };
  let budget = maxLines;
  for (const name of await listLogFiles(dir)) {
    if (budget <= 0) break;
    const start = saved.get(name) ?? 0;
    const handle = await fs.open(path.join(dir, name), 'r');
    try {
      const { size } = await handle.stat();
      if (size <= start) continue;
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
        let lineStart = 0;
        for (;;) {
          if (budget <= 0) break;
          const end = buffer.indexOf(10, lineStart);
          if (end < 0) break;
          const text = buffer.toString('utf8', lineStart, end);
          lineStart = end + 1;
          budget--;
          batch.linesPerFile.set(name, (batch.linesPerFile.get(name) ?? 0) + 1);
          let line: RequestLogLine | null = null;
          try {
            line = toLogLine(JSON.parse(text));
          } catch {
            line = null;
          }
          if (line) batch.lines.push(line);
          else batch.skipped++;
        }
        offset = position - buffer.length + lineStart;
        carry = buffer.subarray(lineStart);
        if (budget <= 0) break;
      }
      if (offset > start) batch.offsets.set(name, offset);
    } finally {
      await handle.close();
    }
  }
  return batch;
}
