/**
 * The file cache shared by several origins: an S3-compatible bucket holding what each origin extracted, so
 * that a new origin warms from its peers' work instead of the registry. Each origin keeps its local disk
 * cache and serves from it; the bucket is asked only when a version is not on the local disk, and written in
 * the background after an extraction, never on a request's path.
 *
 * Layout under the prefix, as on the local disk: `versions/<type>/<encoded name>/<version>.json` (the
 * version's index, uploaded after its blobs, so an index in the bucket names blobs that are there) and
 * `blobs/ab/cdef...` (contents named by their SHA-256). Nothing read from the bucket is trusted: an index
 * must name its own version and stay within the size limit, and a blob must have its size and hash to its name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { Counter, Registry } from 'prom-client';
import type { SharedFilesConfig } from '../../config/config.ts';
import { bucketClient, OversizedObject } from './bucketClient.ts';
import { INDEX_FORMAT, indexPath, type VersionIndexFile } from './versionIndex.ts';

export interface BucketVersion {
  index: VersionIndexFile;
  /** Contents of the blobs the caller did not have yet, by SHA-256 (hex), each checked against its name. */
  blobs: Map<string, Buffer>;
}

export interface SharedFiles {
  /** The version from the bucket, or null when it is not there, cannot be read or fails a check. Never throws. */
  fetch(key: string, options: { limitBytes: number; have(sha256Hex: string): Promise<boolean> }): Promise<BucketVersion | null>;
  /** Queues the upload of an extracted version (its blobs, then its index); returns at once. */
  publish(index: VersionIndexFile, blobPath: (sha256Hex: string) => string): void;
  /** Resolves when every queued upload has ended. */
  idle(): Promise<void>;
  /** Waits for the uploads under way; those still queued are dropped. */
  close(): Promise<void>;
}

export interface SharedBucketOptions {
  metrics?: Registry;
  /** Where failures go (logged by the service); the request that caused them never sees them. */
  onError?: (error: unknown, context: string) => void;
  /** Bucket requests at once for versions requested (default 8); background uploads get half as many of their own. */
  concurrency?: number;
  /** Versions waiting for upload beyond which new ones are dropped (default 1,000). */
  maxQueued?: number;
}

type Operation = 'fetch' | 'upload';
type Outcome = 'hit' | 'miss' | 'corrupt' | 'error' | 'skipped' | 'ok' | 'exists' | 'dropped';

/** After the bucket failed, requests do not wait on it again for this long: they go to the registry at once. */
const BACKOFF_MS = 10_000;
const HEX_RE = /^[0-9a-f]{64}$/;
/** An index this long would list far more files than any package holds. */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;

/** The shared bucket when the configuration names one. */
export function sharedFilesFor(config: { sharedFiles: SharedFilesConfig | undefined }, options: SharedBucketOptions = {}): SharedFiles | null {
  return config.sharedFiles ? createSharedBucket(config.sharedFiles, options) : null;
}

export function createSharedBucket(config: SharedFilesConfig, options: SharedBucketOptions = {}): SharedFiles {
  const bucket = bucketClient(config);
  const counter = operationsCounter(options.metrics ?? new Registry());
  const count = (operation: Operation, outcome: Outcome): void => counter.inc({ operation, outcome });
  const report = (error: unknown, context: string): void => options.onError?.(error, context);
  // Separate limits: a large upload in the background never makes a request wait for its turn.
  const fetchLimit = pLimit(options.concurrency ?? 8);
  const uploadLimit = pLimit(Math.max(1, Math.floor((options.concurrency ?? 8) / 2)));
  const maxQueued = options.maxQueued ?? 1_000;
  const indexKey = (key: string): string => path.relative(path.sep, indexPath(path.sep, key)).split(path.sep).join('/');
  const blobKey = (hex: string): string => `blobs/${hex.slice(0, 2)}/${hex.slice(2)}`;
  let unreachableUntil = 0;
  let closed = false;

  const get = (key: string, maxBytes: number): Promise<Buffer | null> => fetchLimit(() => bucket.get(key, maxBytes));
  const exists = (key: string): Promise<boolean> => uploadLimit(() => bucket.exists(key));
  const put = (key: string, body: Buffer, contentType: string): Promise<void> => uploadLimit(() => bucket.put(key, body, contentType));

  async function fetch(key: string, { limitBytes, have }: { limitBytes: number; have(hex: string): Promise<boolean> }): Promise<BucketVersion | null> {
    if (Date.now() < unreachableUntil) {
      count('fetch', 'skipped');
      return null;
    }
    try {
      const text = await get(indexKey(key), MAX_INDEX_BYTES);
      if (!text) {
        count('fetch', 'miss');
        return null;
      }
      const index = parseIndex(text, key, limitBytes);
      if (!index) {
        count('fetch', 'corrupt');
        report(new Error(`The shared bucket holds an invalid index for ${key}`), `shared bucket: ${key}`);
        return null;
      }
      const sizes = new Map(index.files.map((f) => [f.sha256Hex, f.size] as const));
      const missing: string[] = [];
      for (const hex of sizes.keys()) if (!(await have(hex))) missing.push(hex);
      const blobs = new Map<string, Buffer>();
      const bad: string[] = [];
      await Promise.all(
        missing.map(async (hex) => {
          const bytes = await get(blobKey(hex), sizes.get(hex)!).catch((error: unknown) => {
            if (error instanceof OversizedObject) return null;
            throw error;
          });
          // A blob is served under its hash with a year-long cache lifetime: one wrong byte and the version comes from the registry instead.
          if (!bytes || bytes.length !== sizes.get(hex) || crypto.createHash('sha256').update(bytes).digest('hex') !== hex) bad.push(hex);
          else blobs.set(hex, bytes);
        }),
      );
      if (bad.length > 0) {
        count('fetch', 'corrupt');
        report(new Error(`The shared bucket's blob ${bad[0]} of ${key} is missing or does not match its SHA-256`), `shared bucket: ${key}`);
        return null;
      }
      count('fetch', 'hit');
      return { index, blobs };
    } catch (error) {
      if (error instanceof OversizedObject) {
        count('fetch', 'corrupt');
        report(error, `shared bucket: ${key}`);
        return null;
      }
      count('fetch', 'error');
      unreachableUntil = Date.now() + BACKOFF_MS;
      report(error, `shared bucket: reading ${key}`);
      return null;
    }
  }

  // Uploads: one version at a time in order of arrival; its objects go out in parallel within `uploadLimit`.
  const queue: Array<() => Promise<void>> = [];
  let running: Promise<void> | null = null;
  const drain = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };

  async function upload(index: VersionIndexFile, blobPath: (hex: string) => string): Promise<void> {
    try {
      if (await exists(indexKey(index.key))) {
        count('upload', 'exists');
        return;
      }
      const hexes = [...new Set(index.files.map((f) => f.sha256Hex))];
      await Promise.all(
        hexes.map(async (hex) => {
          if (await exists(blobKey(hex))) return;
          // The disk budget may have evicted it since: then the upload fails and the next origin extracts it again.
          await put(blobKey(hex), await fs.readFile(blobPath(hex)), 'application/octet-stream');
        }),
      );
      await put(indexKey(index.key), Buffer.from(JSON.stringify(index)), 'application/json');
      count('upload', 'ok');
    } catch (error) {
      count('upload', 'error');
      report(error, `shared bucket: uploading ${index.key}`);
    }
  }

  return {
    fetch,
    publish(index, blobPath) {
      if (closed || queue.length >= maxQueued) {
        count('upload', 'dropped');
        return;
      }
      queue.push(() => upload(index, blobPath));
      running ??= drain().finally(() => (running = null));
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      queue.length = 0;
      while (running) await running;
      await bucket.close();
    },
  };
}

/** The index as uploaded by an origin, or null when it is not one, names another version, or names unsafe blob names. */
function parseIndex(bytes: Buffer, key: string, limitBytes: number): VersionIndexFile | null {
  let index: VersionIndexFile;
  try {
    index = JSON.parse(bytes.toString('utf8')) as VersionIndexFile;
  } catch {
    return null;
  }
  if (typeof index !== 'object' || index === null || index.format !== INDEX_FORMAT || index.key !== key || !Array.isArray(index.files)) return null;
  if (index.default !== null && typeof index.default !== 'string') return null;
  if (index.manifest !== null && (typeof index.manifest !== 'object' || Array.isArray(index.manifest))) return null;
  let total = 0;
  for (const f of index.files as unknown[]) {
    const file = f as Partial<VersionIndexFile['files'][number]> | null;
    if (typeof file !== 'object' || file === null) return null;
    const { path: filePath, size, sha256, sha256Hex, time } = file;
    if (typeof filePath !== 'string' || !filePath.startsWith('/') || filePath.split('/').includes('..')) return null;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0 || typeof time !== 'string') return null;
    if (typeof sha256Hex !== 'string' || !HEX_RE.test(sha256Hex) || sha256 !== Buffer.from(sha256Hex, 'hex').toString('base64')) return null;
    total += size;
  }
  return total <= limitBytes ? index : null;
}

/** Runs at most `max` tasks at once; the others wait their turn. */
function operationsCounter(registry: Registry): Counter<'operation' | 'outcome'> {
  const name = 'package_shared_store_operations_total';
  // Two stores in one process may share a registry: the metric is registered once.
  return (
    (registry.getSingleMetric(name) as Counter<'operation' | 'outcome'> | undefined) ??
    new Counter({
      name,
      help: 'Work with the shared file store (S3 bucket): fetches (hit, miss, corrupt, error, skipped while it is unreachable) and background uploads (ok, exists, error, dropped).',
      labelNames: ['operation', 'outcome'] as const,
      registers: [registry],
    })
  );
}
