/**
 * Upstream documents (npm package documents, GitHub repository tags and branches) kept in memory with a short
 * lifetime and refreshed in the background (stale-while-revalidate). Concurrent misses for one key make one
 * upstream request. When the upstream cannot be reached (502/504), the last known document answers, marked
 * stale, from memory or from the copy on disk.
 */
import { LRUCache } from 'lru-cache';
import { PackageError } from '../types.ts';
import type { CacheResult } from '../upstream/metrics.ts';
import type { DiskDocuments } from './diskDocuments.ts';
import { lruMemoryUse, type MemoryUse } from '../../config/memoryCaches.ts';

export interface CachedValue<T> {
  value: T;
  /** True when the upstream could not be reached and this is the last known document. */
  stale: boolean;
}

export interface DocumentCacheOptions<T> {
  /** Fetches the document; throws PackageError (404 for a missing one, 502/504 when the upstream fails). */
  fetch: (key: string) => Promise<T>;
  /** Fresh for this long: served without asking the upstream. */
  ttlMs: number;
  /** After ttlMs, served for this much longer while a background refresh runs; later, a refresh is awaited. */
  staleWhileRevalidateMs: number;
  maxEntries: number;
  /**
   * Memory for the documents, bytes, with what each takes (an estimate): a count alone would let a few
   * thousand packages of thousands of versions each (megabytes apiece) fill the memory.
   */
  memory?: { maxBytes: number; sizeOf: (value: T) => number };
  disk?: DiskDocuments<T>;
  onLookup?: (result: CacheResult) => void;
  onBackgroundError?: (key: string, error: unknown) => void;
  /**
   * Called with each document that has just arrived from the upstream (never for one served from memory or
   * disk), so that other parts (the search index) can follow what is fetched. Must return at once; what it
   * throws is reported through onBackgroundError and never fails the lookup.
   */
  onFetched?: (key: string, value: T) => void;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

export interface GetOptions {
  /** Await a refresh when the document is older than this (used when an exact version is missing). */
  maxAgeMs?: number;
}

const upstreamDown = (error: unknown): boolean => error instanceof PackageError && (error.status === 502 || error.status === 504);

export class DocumentCache<T extends object> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly inflight = new Map<string, Promise<T>>();
  private readonly saving = new Set<Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly options: DocumentCacheOptions<T>) {
    const memory = options.memory;
    this.entries = new LRUCache<string, Entry<T>>(
      memory
        ? { max: options.maxEntries, maxSize: memory.maxBytes, sizeCalculation: (entry) => Math.max(1, memory.sizeOf(entry.value)) }
        : { max: options.maxEntries },
    );
    this.now = options.now ?? Date.now;
  }

  async get(key: string, getOptions: GetOptions = {}): Promise<CachedValue<T>> {
    let entry = this.entries.get(key);
    if (!entry && this.options.disk) {
      const stored = await this.options.disk.load(key).catch(() => null);
      if (stored) {
        entry = { value: stored.value, fetchedAt: stored.fetchedAt, stale: false };
        // A newer entry may have arrived while reading the disk.
        const current = this.entries.get(key);
        if (current && current.fetchedAt >= entry.fetchedAt) entry = current;
        else this.entries.set(key, entry);
      }
    }
    if (!entry) {
      this.options.onLookup?.('miss');
      return { value: await this.refresh(key), stale: false };
    }
    const age = this.now() - entry.fetchedAt;
    const maxAge = Math.min(this.options.ttlMs, getOptions.maxAgeMs ?? Infinity);
    if (age < maxAge) {
      this.options.onLookup?.(entry.stale ? 'stale' : 'hit');
      return { value: entry.value, stale: entry.stale };
    }
    if (age < this.options.ttlMs + this.options.staleWhileRevalidateMs && getOptions.maxAgeMs === undefined) {
      this.options.onLookup?.(entry.stale ? 'stale' : 'hit');
      this.refresh(key).catch((error: unknown) => this.options.onBackgroundError?.(key, error));
      return { value: entry.value, stale: entry.stale };
    }
    try {
      const value = await this.refresh(key);
      this.options.onLookup?.('miss');
      return { value, stale: false };
    } catch (error) {
      if (!upstreamDown(error)) throw error;
      this.options.onLookup?.('stale');
      return { value: entry.value, stale: true };
    }
  }

  /** Bytes in memory as the budget counts them, and the budget (none for a cache bounded by entries alone). */
  memoryBytes(): MemoryUse | null {
    return this.options.memory ? lruMemoryUse(this.entries) : null;
  }

  /** The document if it is in memory, whatever its age, without asking the upstream or the disk. */
  peek(key: string): (CachedValue<T> & { ageMs: number }) | null {
    const entry = this.entries.peek(key);
    return entry ? { value: entry.value, stale: entry.stale, ageMs: this.now() - entry.fetchedAt } : null;
  }

  /** Resolves when every document fetched so far is on disk (before closing, and in tests). */
  async flush(): Promise<void> {
    while (this.saving.size > 0) await Promise.all([...this.saving]);
  }

  /** Makes the next lookup ask the upstream (purge); the last known document stays as the outage fallback. */
  expire(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.fetchedAt = -Infinity;
  }

  /** Drops every in-memory entry whose key starts with a prefix (purge of a whole package). */
  expirePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.expire(key);
  }

  private refresh(key: string): Promise<T> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = this.options
      .fetch(key)
      .then((value) => {
        const fetchedAt = this.now();
        this.entries.set(key, { value, fetchedAt, stale: false });
        if (this.options.onFetched) {
          try {
            this.options.onFetched(key, value);
          } catch (error) {
            this.options.onBackgroundError?.(key, error);
          }
        }
        if (this.options.disk) {
          // Written in the background: the answer does not wait for the disk.
          const save = this.options.disk
            .save(key, fetchedAt, value)
            .catch((error: unknown) => this.options.onBackgroundError?.(key, error))
            .finally(() => this.saving.delete(save));
          this.saving.add(save);
        }
        return value;
      })
      .catch((error: unknown) => {
        const entry = this.entries.get(key);
        if (entry && upstreamDown(error)) {
          // Keep answering from the last known document, and do not ask again on every request: retry after ttl.
          entry.stale = true;
          entry.fetchedAt = this.now();
        }
        throw error;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}
