/**
 * Where module builds are kept: once made, a build is what its pinned URL answers for as long as the store
 * keeps anything (forever by default), and it is never made again. On this origin's disk, in a folder of its
 * own that the disk budget of the file cache does not sweep (`{dataDir}/esm-builds`); and, in a fleet
 * configured with the shared bucket (`SKYLIFT_S3_*`), in the bucket, so that every origin answers with the bytes
 * the first one made, whatever its own disk holds.
 *
 * A build not kept anywhere is made by one origin of the fleet at a time (a lock in the shared state); the
 * others wait for it and take what it kept. It is answered only once kept where the fleet reads: a bucket that
 * cannot be written fails the request (503) rather than let two origins answer two different builds.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../../config/config.ts';
import { PackageError } from '../../../packages/types.ts';
import { bucketClient, type BucketClient } from '../../../packages/storage/bucketClient.ts';
import type { SharedState } from '../../../fleetState/index.ts';
import { ArtifactStore, type ArtifactSet } from '../../derived/artifactStore.ts';
import { readStored } from '../../../packages/storedFile.ts';
import { memoryCacheBudgets, type MemoryUse } from '../../../config/memoryCaches.ts';

/** The largest part of a build read back from the bucket (a build over it is not one of ours). */
const MAX_PART_BYTES = 64 * 1024 * 1024;
/** How long the lock on making one build lives without its holder (kept alive while held). */
const LOCK_TTL_MS = 60_000;
const NAMESPACE = 'esm';
/** The folder of the builds in the bucket, beside the file cache's `versions/` and `blobs/`. */
const BUCKET_FOLDER = 'esm-builds';

/** What the bucket holds beside a build's parts, written last: the build's id and each part's size and hash. */
interface BucketSidecar {
  id: string;
  parts: Record<string, { size: number; sha256: string }>;
}

export interface PinnedStoreOptions {
  /** The origin's own copies (an artifact store over a folder no disk budget sweeps). */
  local: ArtifactStore;
  /** The fleet's shared bucket, when configured. */
  bucket: BucketClient | null;
  /** What the fleet agrees on: the lock on making a build. */
  fleet: SharedState | null;
  /** Where trouble with the bucket is reported (the request that met it fails with a 503 saying so). */
  onError?: (error: unknown, context: string) => void;
}

function sha256(body: Buffer): string {
  return crypto.createHash('sha256').update(body).digest('base64');
}

/** The folder of an origin's kept builds: outside `cdn-generated`, which the disk budget sweeps. */
export function keptBuildsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'esm-builds');
}

/** Where the answers of builds are kept beside them (`answeredBuilds.ts`). */
export function answeredBuildsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(keptBuildsDir(config), 'answers');
}

/** The store of the configuration: this origin's folder, the fleet's bucket when one is configured, the fleet's lock. */
export function pinnedStoreFor(
  config: Pick<Config, 'dataDir' | 'sharedFiles' | 'limits'>,
  fleet: SharedState | null,
  onError?: PinnedStoreOptions['onError'],
): PinnedStore {
  return new PinnedStore({
    local: new ArtifactStore({ dir: keptBuildsDir(config), maxMemoryBytes: memoryCacheBudgets(config.limits.memoryCacheBytes).keptBuildsBytes }),
    bucket: config.sharedFiles ? bucketClient(config.sharedFiles) : null,
    fleet,
    ...(onError ? { onError } : {}),
  });
}

export class PinnedStore {
  constructor(private readonly options: PinnedStoreOptions) {}

  /** Bytes the records of builds looked up take in memory, and their budget. */
  memoryBytes(): MemoryUse {
    return this.options.local.memoryBytes();
  }

  /** Ends the bucket's connections. */
  async close(): Promise<void> {
    await this.options.bucket?.close();
  }

  /** The parts kept under `id`, made by `produce` (and kept) when no copy is kept anywhere. */
  get(id: string, produce: () => Promise<Record<string, Buffer>>): Promise<ArtifactSet> {
    return this.options.local.get(NAMESPACE, id, async () => (await this.fromBucket(id)) ?? (await this.make(id, produce)));
  }

  private async make(id: string, produce: () => Promise<Record<string, Buffer>>): Promise<Record<string, Buffer>> {
    const { fleet } = this.options;
    if (!fleet) return this.keep(id, await produce());
    const lockName = `esm-build:${crypto.createHash('sha256').update(id).digest('hex')}`;
    let lock = await fleet.tryLock(lockName, LOCK_TTL_MS);
    while (!lock) {
      // Another origin (or process) is making it: what it kept is the answer.
      await fleet.waitForUnlock(lockName);
      const theirs = await this.kept(id);
      if (theirs) return theirs;
      lock = await fleet.tryLock(lockName, LOCK_TTL_MS);
    }
    try {
      return (await this.kept(id)) ?? (await this.keep(id, await produce()));
    } finally {
      await lock.release();
    }
  }

  /** A copy another process of this origin or another origin kept meanwhile. */
  private async kept(id: string): Promise<Record<string, Buffer> | null> {
    const local = await this.options.local.read(NAMESPACE, id);
    if (local) {
      const parts: Record<string, Buffer> = {};
      for (const [name, artifact] of Object.entries(local)) parts[name] = await readStored(artifact);
      return parts;
    }
    return this.fromBucket(id);
  }

  private objectPrefix(id: string): string {
    return `${BUCKET_FOLDER}/${crypto.createHash('sha256').update(id).digest('hex')}`;
  }

  /** The build as the bucket holds it, each part checked against its hash; null when absent, unreadable or not whole. */
  private async fromBucket(id: string): Promise<Record<string, Buffer> | null> {
    const { bucket } = this.options;
    if (!bucket) return null;
    const prefix = this.objectPrefix(id);
    try {
      const text = await bucket.get(`${prefix}.json`, 1024 * 1024);
      if (!text) return null;
      const sidecar = JSON.parse(text.toString('utf8')) as BucketSidecar;
      if (sidecar.id !== id) return null;
      const parts: Record<string, Buffer> = {};
      for (const [name, info] of Object.entries(sidecar.parts)) {
        if (!/^[\w-]+$/.test(name)) return null;
        const body = await bucket.get(`${prefix}/${name}`, MAX_PART_BYTES);
        if (!body || body.length !== info.size || sha256(body) !== info.sha256) {
          this.options.onError?.(new Error(`The shared bucket's part ${name} of ${JSON.stringify(id)} is missing or does not match its hash`), 'esm builds');
          return null;
        }
        parts[name] = body;
      }
      return parts;
    } catch (error) {
      this.options.onError?.(error, `esm builds: reading ${JSON.stringify(id)} from the shared bucket`);
      return null;
    }
  }

  /** Writes a new build to the bucket (parts first, the sidecar last), so that the fleet answers with it. */
  private async keep(id: string, parts: Record<string, Buffer>): Promise<Record<string, Buffer>> {
    const { bucket } = this.options;
    if (!bucket) return parts;
    const prefix = this.objectPrefix(id);
    const sidecar: BucketSidecar = { id, parts: {} };
    try {
      for (const [name, body] of Object.entries(parts)) {
        await bucket.put(`${prefix}/${name}`, body, 'application/octet-stream');
        sidecar.parts[name] = { size: body.length, sha256: sha256(body) };
      }
      await bucket.put(`${prefix}.json`, Buffer.from(JSON.stringify(sidecar)), 'application/json');
    } catch (error) {
      this.options.onError?.(error, `esm builds: writing ${JSON.stringify(id)} to the shared bucket`);
      throw new PackageError(503, 'A module build could not be kept in the shared store just now; try again shortly.');
    }
    return parts;
  }
}
