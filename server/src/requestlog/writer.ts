/**
 * Appends request log lines to one file per UTC day. Lines are buffered in memory and written in batches
 * (every flush interval and on close) so the request path never waits for the disk; every batch is fsync'd,
 * so a line that was flushed survives a crash (which loses at most one flush interval of lines), and close()
 * flushes what is left, so a graceful shutdown loses nothing. While the disk refuses the writes, lines wait in
 * memory up to a bound; past it new lines are counted and dropped, and the count is reported.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type RequestLogLine, logDayOf, logFileName } from './line.ts';
import { inBackground } from '../background/backgroundJob.ts';

export interface RequestLogWriterOptions {
  /** Folder of the day files, e.g. `{dataDir}/request-log`. */
  dir: string;
  /** At most this long between a line's append and its write to disk; 200 ms by default. */
  flushIntervalMs?: number;
  /** Called when a batch cannot be written (the lines stay buffered and are retried). */
  onError?: (error: unknown) => void;
  /** Lines kept waiting at most (100,000 by default, some 30 MB); more are dropped while the disk fails. */
  maxPendingLines?: number;
  /** Called after a write succeeds again, with the number of lines dropped while it failed. */
  onDropped?: (lines: number) => void;
}

export class RequestLogWriter {
  private pending: Array<{ day: string; text: string }> = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly handles = new Map<string, fs.FileHandle>();
  private closed = false;
  private droppedLines = 0;

  constructor(private readonly options: RequestLogWriterOptions) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 200);
    this.timer.unref();
  }

  append(line: RequestLogLine): void {
    this.appendJson(line.t, JSON.stringify(line));
  }

  /** A line already serialized (`json`, the JSON of a RequestLogLine whose time is `time`). */
  appendJson(time: string, json: string): void {
    if (this.closed) throw new Error('The request log is closed.');
    if (this.pending.length >= (this.options.maxPendingLines ?? 100_000)) {
      this.droppedLines++;
      return;
    }
    this.pending.push({ day: logDayOf(time), text: `${json}\n` });
  }

  /** Writes and fsyncs everything appended so far; batches never overlap, so lines keep their order. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.closed) return this.flushing;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
    for (const handle of this.handles.values()) await handle.close();
    this.handles.clear();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const byDay = new Map<string, string[]>();
    for (const { day, text } of batch) {
      const lines = byDay.get(day) ?? [];
      lines.push(text);
      byDay.set(day, lines);
    }
    try {
      for (const [day, lines] of byDay) {
        const handle = await this.handleFor(day);
        await handle.appendFile(lines.join(''));
        await handle.sync();
      }
      this.closeOldHandles(byDay);
      if (this.droppedLines > 0) {
        this.options.onDropped?.(this.droppedLines);
        this.droppedLines = 0;
      }
    } catch (error) {
      // Keep the lines for the next attempt rather than dropping requests from the statistics.
      this.pending = batch.concat(this.pending);
      this.options.onError?.(error);
    }
  }

  private async handleFor(day: string): Promise<fs.FileHandle> {
    let handle = this.handles.get(day);
    if (!handle) {
      await fs.mkdir(this.options.dir, { recursive: true });
      handle = await fs.open(path.join(this.options.dir, logFileName(day)), 'a');
      this.handles.set(day, handle);
    }
    return handle;
  }

  /** Once a day has passed, its file is not appended to again: release its descriptor. */
  private closeOldHandles(current: Map<string, string[]>): void {
    const newest = [...current.keys()].sort().at(-1);
    for (const [day, handle] of this.handles) {
      if (newest && day < newest && !current.has(day)) {
        this.handles.delete(day);
        inBackground('request-log-close', handle.close());
      }
    }
  }
}
