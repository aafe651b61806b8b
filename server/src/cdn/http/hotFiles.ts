/**
 * The bytes of small, recently served files, kept in memory. Node has no sendfile: every disk read goes
 * through the thread pool, and under load that queue, not the CPU, sets the pace. Cached files never
 * change (the cache is content-addressed), so the popular ones are answered straight from memory: a 2 MB file
 * streamed from disk is eight reads through that queue, and was served at 0.8 times nginx's rate. Files up to
 * 512 kB are kept from their first answer; larger ones (up to 4 MB) from their second within the last 10,000
 * large files asked for, so that a file asked for once does not push out many small ones. Larger files and byte
 * ranges are streamed from disk.
 */
import fs from 'node:fs';
import { LRUCache } from 'lru-cache';
import { lruMemoryUse, type MemoryUse } from '../../config/memoryCaches.ts';

export interface HotFilesOptions {
  /** Files up to this size are kept from their first answer (default 512 kB). */
  keptAtOnceBytes?: number;
  /** Files up to this size are kept from their second answer (default 4 MB). */
  maxFileBytes?: number;
  /** Memory for all kept files together (default 128 MB). */
  maxTotalBytes?: number;
}

export class HotFiles {
  private readonly keptAtOnceBytes: number;
  private readonly maxFileBytes: number;
  private readonly cache: LRUCache<string, Buffer>;
  private readonly loading = new Map<string, Promise<Buffer>>();
  /** Large files answered once from disk, that their next answer keeps. */
  private readonly askedOnce = new LRUCache<string, true>({ max: 10_000 });
  /** The disk path of each buffer read here, for whoever holds a buffer sent from here (`pathOf`). */
  private readonly paths = new WeakMap<Buffer, string>();

  constructor(options: HotFilesOptions = {}) {
    this.keptAtOnceBytes = options.keptAtOnceBytes ?? 512 * 1024;
    this.maxFileBytes = options.maxFileBytes ?? 4 * 1024 * 1024;
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
        this.paths.set(buffer, diskPath);
        return buffer;
      });
      pending.finally(() => this.loading.delete(diskPath)).catch(() => {});
      this.loading.set(diskPath, pending);
    }
    return pending;
  }

  /**
   * Whether this answer of a file not in memory (`peek` found nothing) is to read it into memory (false: stream
   * it from disk).
   */
  keeps(diskPath: string, size: number): boolean {
    if (size <= this.keptAtOnceBytes) return true;
    if (size > this.maxFileBytes) return false;
    if (this.askedOnce.has(diskPath)) return true;
    this.askedOnce.set(diskPath, true);
    return false;
  }

  /** The bytes when already in memory, without waiting. */
  peek(diskPath: string): Buffer | undefined {
    return this.cache.get(diskPath);
  }

  /**
   * The disk path this buffer was read from here, or undefined for any other buffer. The warm answers keep a
   * body's path rather than a second reference to its bytes, which would keep them in memory after this cache let
   * them go.
   */
  pathOf(buffer: Buffer): string | undefined {
    return this.paths.get(buffer);
  }

  /** Bytes kept, and the budget. */
  memoryBytes(): MemoryUse {
    return lruMemoryUse(this.cache);
  }

  clear(): void {
    this.cache.clear();
  }
}

/**
 * Reads a file of known size, with the callback API. `fs/promises` wraps each descriptor in a FileHandle, whose
 * promises and bookkeeping cost more CPU than the reading: a 4 to 50 kB file read 64 at a time took 110 to
 * 125 µs of CPU that way (an open, one read and a close) against 56 to 59 µs with `fs.readFile`'s callback, on
 * the two-core machine of `bench/`. In the long tail, where many answers read their file once, that was a good
 * part of what a request cost (`bench/longtail`).
 */
function readWhole(diskPath: string, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    fs.readFile(diskPath, (error, buffer) => {
      if (error) return reject(error);
      // The cache's files never change: another size is a damaged file, not a newer one.
      if (buffer.length !== size) return reject(Object.assign(new Error(`${diskPath} has ${buffer.length} bytes, not its ${size}`), { code: 'ESHORT' }));
      resolve(buffer);
    }),
  );
}
