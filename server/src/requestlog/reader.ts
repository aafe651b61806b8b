/**
 * Reads complete request log lines from a byte position of a day file. The ingester keeps (file, position)
 * in the same transaction as the figures it folded in, so it resumes exactly where it stopped: a line
 * without its newline is still being written and is left for the next read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestLogLine } from './line.ts';

export interface ReadResult {
  /** Complete lines from the position, in file order, parsed. */
  lines: RequestLogLine[];
  /** Where the next read starts: just after the last complete line read. */
  next: number;
}

export interface ReadOptions {
  /** Read at most about this many bytes per call (whole lines only); 4 MB by default. */
  maxBytes?: number;
}

const NEWLINE = 0x0a;

export async function readLogLines(file: string, position: number, options: ReadOptions = {}): Promise<ReadResult> {
  if (!Number.isSafeInteger(position) || position < 0) throw new RangeError(`Invalid request log position ${position}.`);
  const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], next: position };
    throw error;
  }
  try {
    const lines: RequestLogLine[] = [];
    let next = position;
    let carry = Buffer.alloc(0);
    const chunk = Buffer.allocUnsafe(Math.min(maxBytes, 1024 * 1024));
    let readAt = position;
    while (next - position < maxBytes) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, readAt);
      if (bytesRead === 0) break;
      readAt += bytesRead;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : Buffer.from(chunk.subarray(0, bytesRead));
      let start = 0;
      for (let i = data.indexOf(NEWLINE); i !== -1; i = data.indexOf(NEWLINE, start)) {
        const text = data.toString('utf8', start, i);
        if (text.length > 0) lines.push(JSON.parse(text) as RequestLogLine);
        next += i + 1 - start;
        start = i + 1;
        if (next - position >= maxBytes) break;
      }
      carry = data.subarray(start);
    }
    return { lines, next };
  } finally {
    await handle.close();
  }
}

/** Day files of a log folder, oldest first, as `{ day, file }`. */
export async function listLogFiles(dir: string): Promise<Array<{ day: string; file: string }>> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.ndjson$/.test(name))
    .sort()
    .map((name) => ({ day: name.slice(0, 10), file: path.join(dir, name) }));
}
