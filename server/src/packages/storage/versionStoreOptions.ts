/** What a `VersionStore` is given: its options, the download of a version's archive, and the fleet's download lock. */
import type { Readable } from 'node:stream';
import type { ExpectedDigest } from '../extract/integrity.ts';
import type { CacheResult } from '../upstream/metrics.ts';
import type { ContentStore } from './contentStore.ts';
import type { LocalWrites } from './localWrites.ts';
import type { SharedFiles } from './sharedBucket.ts';

export interface ArchiveDownload {
  label: string;
  body: Readable;
  /** The archive's size as its upstream announced it, when it did. */
  bytes?: number;
  /** Reports the end of the download to the metrics. */
  done(): void;
  expected?: ExpectedDigest | null;
}

export interface VersionStoreOptions {
  root: string;
  content: ContentStore;
  /** The unpacked size limit: one for every version, or each version's (by key: npm and GitHub differ, exceptions). */
  limitBytes: number | ((key: string) => number);
  /** Memory for the file lists of loaded versions, bytes as estimated (`approximateBytes`; default 128 MB). */
  maxBytesInMemory?: number;
  /** How long a refusal (403) is remembered; a day by default. */
  failureTtlMs?: number;
  onLookup?: (result: CacheResult) => void;
  /** A download lock older than this is taken over (default 10 minutes). */
  lockStaleMs?: number;
  /** The bucket shared with other origins: looked in before the registry, given what was extracted here. */
  shared?: SharedFiles | null;
  /** Told when the local disk refuses a write (then refusals are remembered 30 s, and not told again meanwhile). */
  onWriteFailure?: (error: NodeJS.ErrnoException, key: string) => void;
  /** Replaces the default memory of failed writes (its time, its clock). */
  localWrites?: LocalWrites;
  /**
   * Memory for versions held there, bytes (default 256 MB): those the disk refused, and never-seen versions
   * while their files are written behind the first answers.
   */
  maxHeldBytes?: number;
  /**
   * The fleet's download lock (the shared state's): one instance downloads a version, the others wait for
   * it and read what it left in the shared folder, or download it themselves when nothing is there.
   */
  fleetLock?: FleetLock;
}

export interface FleetLock {
  tryLock(name: string, ttlMs: number): Promise<{ release(): Promise<void> } | null>;
  waitForUnlock(name: string): Promise<void>;
  /** The lock lapses this long after its holder died. */
  ttlMs: number;
}
