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

  /** The file's bytes, read once; concurrent first requests share the read. Rejects when it cannot be read. */
  async get(diskPath: string): Promise<Buffer> {
    const cached = this.cache.get(diskPath);
    if (cached) return cached;
    let pending = this.loading.get(diskPath);
    if (!pending) {
      pending = fs.readFile(diskPath).then((buffer) => {
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
