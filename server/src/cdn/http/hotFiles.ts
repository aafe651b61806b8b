/**
 * The bytes of small, recently served files, kept in memory. Node has no sendfile: every disk read goes
 * through the thread pool, and under load that queue, not the CPU, sets the pace. Cached files never
 * change (the cache is content-addressed), so the popular small ones are answered straight from memory;
 * large files and byte ranges are streamed from disk.
 */
import fs from 'node:fs/promises';
import { LRUCache } from 'lru-cache';

export interface HotFilesOptions {
  /** Files up to this size are kept (default 512 kB). */
  maxFileBytes?: number;
  /** Memory for all kept files together (default 128 MB). */
  maxTotalBytes?: number;
}

export class HotFiles {
  readonly maxFileBytes: number;
  private readonly cache: LRUCache<string, Buffer>;
  private readonly loading = new Map<string, Promise<Buffer>>();

  constructor(options: HotFilesOptions = {}) {
    this.maxFileBytes = options.maxFileBytes ?? 512 * 1024;
    this.cache = new LRUCache<string, Buffer>({ maxSize: options.maxTotalBytes ?? 128 * 1024 * 1024, sizeCalculation: (buffer) => Math.max(buffer.length, 1) });
  }

  /**
   * The file's bytes, read once; concurrent first requests share the read. Rejects when it cannot be read.
   * `size` is the file's size as the cache's index states it (the cache's files never change).
   */
  async get(diskPath: string, size: number): Promise<Buffer> {
    const cached = this.cache.get(diskPath);
    if (cached) return cached;
    let pending = this.loading.get(diskPath);
    if (!pending) {
      pending = readWhole(diskPath, size).then((buffer) => {
        this.cache.set(diskPath, buffer);
        return buffer;
      });
      pending.finally(() => this.loading.delete(diskPath)).catch(() => {});
      this.loading.set(diskPath, pending);
    }
    return pending;
  }

  /** The bytes when already in memory, without waiting. */
  peek(diskPath: string): Buffer | undefined {
    return this.cache.get(diskPath);
  }

  clear(): void {
    this.cache.clear();
  }
}

/**
 * Reads a file of known size: an open, one read and a close in the thread pool, where `readFile` asks the size
 * first (about a fifth more reads a second for files of 8 to 13 kB, 64 at a time, in `bench/cdn`'s machine).
 */
async function readWhole(diskPath: string, size: number): Promise<Buffer> {
  const handle = await fs.open(diskPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const { bytesRead } = await handle.read(buffer, read, size - read, read);
      if (bytesRead === 0) throw Object.assign(new Error(`${diskPath} is shorter than its ${size} bytes`), { code: 'ESHORT' });
      read += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}
