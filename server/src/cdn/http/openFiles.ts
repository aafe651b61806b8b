/**
 * Keeps descriptors of recently served files open, like a web server's open-file cache: cached files
 * never change (the cache is content-addressed), so a warm request reads with positional reads from a
 * descriptor that is already open instead of paying open and close each time. A descriptor is closed
 * only when it has left the cache and no response is still reading from it.
 */
import fs from 'node:fs';
import { finished, type Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';

interface Entry {
  fd: number;
  readers: number;
  evicted: boolean;
}

function openFd(path: string): Promise<number> {
  return new Promise((resolve, reject) => fs.open(path, 'r', (error, fd) => (error ? reject(error) : resolve(fd))));
}

export class OpenFiles {
  private readonly opening = new Map<string, Promise<Entry>>();
  private readonly entries: LRUCache<string, Entry>;

  constructor(max = 1000) {
    this.entries = new LRUCache<string, Entry>({
      max,
      dispose: (entry) => {
        entry.evicted = true;
        if (entry.readers === 0) fs.close(entry.fd, () => {});
      },
    });
  }

  private async entry(path: string): Promise<Entry> {
    const cached = this.entries.get(path);
    if (cached) return cached;
    let pending = this.opening.get(path);
    if (!pending) {
      pending = openFd(path).then((fd) => {
        const entry: Entry = { fd, readers: 0, evicted: false };
        this.entries.set(path, entry);
        return entry;
      });
      pending.finally(() => this.opening.delete(path)).catch(() => {});
      this.opening.set(path, pending);
    }
    return pending;
  }

  /** A stream of bytes start..end (inclusive) of a cached file; rejects when the file cannot be opened. */
  async stream(path: string, start: number, end: number): Promise<Readable> {
    const entry = await this.entry(path);
    entry.readers++;
    const length = end - start + 1;
    const stream = fs.createReadStream(path, {
      fd: entry.fd,
      autoClose: false,
      start,
      end,
      highWaterMark: Math.min(Math.max(length, 16 * 1024), 256 * 1024),
    });
    finished(stream, () => {
      entry.readers--;
      if (entry.evicted && entry.readers === 0) fs.close(entry.fd, () => {});
    });
    return stream;
  }

  /** Closes every descriptor no response is reading from (on app close). */
  clear(): void {
    this.entries.clear();
  }
}
