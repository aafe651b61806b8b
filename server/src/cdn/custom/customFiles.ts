/**
 * Files of custom endpoints, fetched from the project's own host once and kept on disk. Concurrent
 * requests for one file share a single upstream fetch; a copy stays fresh for the lifetime its path or
 * the upstream gives it, and when the upstream fails after that, the last copy is served rather than an
 * error. Bodies larger than the configured limit are refused while they stream in, never kept.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { RECHECK_AFTER_MS, TOUCH_INTERVAL_MS, processUses } from '../../packages/storage/diskBudget.ts';
import { writeFileDurable } from '../../packages/storage/durable.ts';
import type { CustomEndpoint } from '../../config/customEndpoints.ts';
import { PackageError } from '../../packages/types.ts';
import type { Artifact } from '../derived/artifactStore.ts';
import { SingleFlight } from '../derived/singleFlight.ts';
import { isVersionedPath, upstreamLifetime } from './lifetime.ts';

/** hit: from our disk; miss: fetched from the upstream now; stale: the upstream failed, an expired copy was served. */
export type CacheResult = 'hit' | 'miss' | 'stale';

export interface CustomFile {
  body: Artifact;
  result: CacheResult;
  versioned: boolean;
  /** Seconds the answer may be cached downstream (ignored when versioned). */
  lifetimeSeconds: number;
}

interface Stored {
  body: Artifact;
  fetchedAt: number;
  lifetimeSeconds: number;
}

interface Sidecar {
  /** File name of the body beside the sidecar: named by content, so a refreshed copy never reuses a path
   * that open descriptors or the in-memory file cache still hold for the old bytes. */
  body: string;
  size: number;
  sha256: string;
  fetchedAt: number;
  lifetimeSeconds: number;
}

export interface CustomFilesOptions {
  dir: string;
  maxFileBytes: number;
  timeoutMs: number;
  now?: () => number;
}

/** An answer served from a stale copy may be cached for this long only. */
const STALE_LIFETIME_S = 60;

export class CustomFiles {
  private readonly known = new LRUCache<string, Stored & { usedAt: number; sidecar: string }>({ max: 20_000 });
  private readonly flights = new SingleFlight<CustomFile>();
  private readonly now: () => number;

  constructor(private readonly options: CustomFilesOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(endpoint: CustomEndpoint, filePath: string): Promise<CustomFile> {
    if (!endpoint.upstream) throw new PackageError(404, `The custom endpoint ${endpoint.path}/ has no upstream configured.`);
    const upstream = endpoint.upstream;
    const key = `${endpoint.name}\u0000${filePath}`;
    const versioned = isVersionedPath(filePath);
    const fresh = (stored: Stored): boolean => versioned || this.now() - stored.fetchedAt < stored.lifetimeSeconds * 1000;
    const remembered = this.known.get(key);
    // Not served here for long: the disk budget may have removed it since, so the disk is asked again.
    const inMemory = remembered && Date.now() - remembered.usedAt < RECHECK_AFTER_MS ? remembered : undefined;
    if (inMemory && Date.now() - inMemory.usedAt > TOUCH_INTERVAL_MS / 2) {
      inMemory.usedAt = Date.now();
      processUses.use(inMemory.sidecar);
    }
    if (inMemory && fresh(inMemory)) return { body: inMemory.body, result: 'hit', versioned, lifetimeSeconds: inMemory.lifetimeSeconds };
    return this.flights.run(key, async () => {
      const base = this.basePath(endpoint.name, filePath);
      const onDisk = inMemory ?? (await this.readSidecar(base));
      if (onDisk && fresh(onDisk)) {
        processUses.use(`${base}.json`);
        this.known.set(key, { ...onDisk, usedAt: Date.now(), sidecar: `${base}.json` });
        return { body: onDisk.body, result: 'hit', versioned, lifetimeSeconds: onDisk.lifetimeSeconds };
      }
      try {
        const stored = await this.fetchInto(base, `${upstream}${filePath}`, filePath, onDisk?.body.diskPath);
        this.known.set(key, { ...stored, usedAt: Date.now(), sidecar: `${base}.json` });
        return { body: stored.body, result: 'miss', versioned, lifetimeSeconds: stored.lifetimeSeconds };
      } catch (error) {
        // Stale on error: an outage of the project's host must not take its files down with it.
        const failedUpstream = error instanceof PackageError && error.status >= 500;
        if (onDisk && failedUpstream && (await exists(onDisk.body.diskPath))) {
          return { body: onDisk.body, result: 'stale', versioned: false, lifetimeSeconds: STALE_LIFETIME_S };
        }
        throw error;
      }
    });
  }

  private basePath(name: string, filePath: string): string {
    const hash = crypto.createHash('sha256').update(filePath).digest('hex');
    return path.join(this.options.dir, name, hash.slice(0, 2), hash);
  }

  private async readSidecar(base: string): Promise<Stored | null> {
    try {
      const sidecar = JSON.parse(await fs.readFile(`${base}.json`, 'utf8')) as Sidecar;
      return {
        body: { diskPath: path.join(path.dirname(base), sidecar.body), size: sidecar.size, sha256: sidecar.sha256 },
        fetchedAt: sidecar.fetchedAt,
        lifetimeSeconds: sidecar.lifetimeSeconds,
      };
    } catch {
      return null;
    }
  }

  private async fetchInto(base: string, url: string, filePath: string, previous: string | undefined): Promise<Stored> {
    const what = `the file ${filePath}`;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // An idle timeout: a large file on a slow but live connection completes; a silent host is given up on.
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
      timer.unref?.();
    };
    arm();
    const suffix = `${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
    const tmpPath = `${base}.${suffix}`;
    let handle: fs.FileHandle | null = null;
    try {
      let response: Response;
      try {
        response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
      } catch (error) {
        throw controller.signal.aborted ? PackageError.upstreamTimeout(what, error) : PackageError.upstreamFailed(what, error);
      }
      if (response.status === 404 || response.status === 410 || response.status === 403) {
        await response.body?.cancel();
        throw PackageError.fileNotFound(filePath);
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw PackageError.upstreamFailed(what, `${url} answered ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > this.options.maxFileBytes) {
        await response.body?.cancel();
        throw PackageError.sizeExceeded(this.options.maxFileBytes);
      }
      await fs.mkdir(path.dirname(base), { recursive: true });
      handle = await fs.open(tmpPath, 'w');
      const hash = crypto.createHash('sha256');
      let size = 0;
      try {
        // Node's web streams are async iterable; the DOM typings do not say so.
        for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
          arm();
          const bytes = chunk as Uint8Array;
          size += bytes.length;
          if (size > this.options.maxFileBytes) {
            controller.abort();
            throw PackageError.sizeExceeded(this.options.maxFileBytes);
          }
          hash.update(bytes);
          await handle.write(bytes);
        }
      } catch (error) {
        if (error instanceof PackageError) throw error;
        throw controller.signal.aborted ? PackageError.upstreamTimeout(what, error) : PackageError.upstreamFailed(what, error);
      }
      // Flushed before it takes its name: after a power loss a body is whole or absent.
      await handle.sync();
      await handle.close();
      handle = null;
      const digest = hash.digest();
      const bodyPath = `${base}.${digest.toString('hex').slice(0, 16)}.body`;
      await fs.rename(tmpPath, bodyPath);
      const stored: Stored = {
        body: { diskPath: bodyPath, size, sha256: digest.toString('base64') },
        fetchedAt: this.now(),
        lifetimeSeconds: upstreamLifetime(response.headers, this.now()),
      };
      const sidecar: Sidecar = {
        body: path.basename(bodyPath),
        size,
        sha256: stored.body.sha256,
        fetchedAt: stored.fetchedAt,
        lifetimeSeconds: stored.lifetimeSeconds,
      };
      // The sidecar goes last: when it exists, the body it describes is complete.
      await writeFileDurable(`${base}.json`, JSON.stringify(sidecar));
      if (previous && previous !== bodyPath) await fs.rm(previous, { force: true });
      return stored;
    } finally {
      clearTimeout(timer);
      if (handle) {
        await handle.close().catch(() => undefined);
        await fs.rm(tmpPath, { force: true });
      }
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
