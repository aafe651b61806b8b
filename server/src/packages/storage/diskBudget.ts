/**
 * The disk budget of the file cache: when blobs, version indexes, registry documents and generated files
 * together take more than 90 % of the budget, whole versions and whole generated files go, least recently used
 * first, until they fit in 75 % of it, or in 90 % less twice what the processes write into the cache in the
 * time of a sweep when that is lower (`sweepFiles.ts`: what arrives meanwhile still fits).
 *
 * "Used" is the time of a file: every process that serves a version or a generated file touches its index or
 * sidecar (at most every 30 seconds, see UseTracker), so its time says when it was last served by anyone.
 * What was used within the grace period (3 minutes) goes only when nothing older is left and the cache is
 * still over 90 % of its budget: the budget is a limit, whatever the rate of arrivals. Within the grace period a
 * process holding a version in memory trusts it without looking at the disk (entries not served here for
 * RECHECK_AFTER_MS are re-read); when one of its files went meanwhile, the request that meets the missing
 * file forgets the version and answers again (`cdn/serve/vanishedFiles.ts`), and a response already
 * streaming keeps the file it opened. A version goes index first, then the blobs no other index names,
 * except a blob written again since the scan (an extraction renamed the same content into place for an
 * index the scan did not see); blobs no index names at all (left by an extraction that failed) go once they
 * are an hour old.
 *
 * One process sweeps at a time (a lock file in the folder); the others only touch. The sweep itself runs in a
 * thread of its own with synchronous file calls (`sweepFiles.ts`): tens of thousands of stats and removals
 * queued on the thread pool behind the serving reads took minutes under load, and the cache stayed over its
 * budget meanwhile.
 */
import fs from 'node:fs/promises';
import { WorkerPool } from '../../workers/workerPool.ts';

/** Entries used within this are never evicted. */
export const EVICTION_GRACE_MS = 3 * 60_000;
/** A process re-reads from disk a version (or generated file) it has not served for this long. */
export const RECHECK_AFTER_MS = EVICTION_GRACE_MS - 60_000;
/**
 * How often a process writes its uses to the files' times: the resolution of "least recently used". At 30 s a
 * popular version, touched up to 45 s ago, looked older than the long tail extracted since, and went first
 * when the cache was under pressure.
 */
export const TOUCH_INTERVAL_MS = 10_000;
/**
 * How often the process that keeps the budget measures the cache however far under its budget the estimate says
 * it is (`cacheTally.ts`, `maintenance.ts`).
 */
export const FULL_SCAN_INTERVAL_MS = 5 * 60_000;

export interface SweepReport {
  /** Bytes of blobs and generated files before the sweep. */
  before: number;
  after: number;
  evictedVersions: number;
  evictedGenerated: number;
  removedOrphans: number;
  /** False when another process was sweeping. */
  swept: boolean;
  /** Whether entries used within the grace period had to go to meet the budget. */
  pressed: boolean;
  /** Bytes the processes wrote into the cache while it scanned (their tallies, `cacheTally.ts`). */
  arrivedDuringScan: number;
  durationMs: number;
  /** Of `durationMs`, the scan (listing and measuring the cache, removing old orphans). */
  scanMs: number;
  /** Files removed (indexes, blobs, generated files), and the time their removals took in all. */
  removedFiles: number;
  removalMs: number;
}

/**
 * Remembers what this process used and writes it to the files' times once per interval, and tells who keeps
 * the budget of what it wrote into the cache (so that a sweep comes sooner when a lot arrives).
 */
export class UseTracker {
  private readonly used = new Set<string>();
  private readonly writeListeners = new Set<(bytes: number) => void>();

  /** `bytes` were written into the cache (a version extracted, a generated file stored). */
  wrote(bytes: number): void {
    for (const listener of this.writeListeners) listener(bytes);
  }

  /** Calls `listener` with the bytes of each write; returns what stops it. */
  onWrite(listener: (bytes: number) => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** `file` was served now (an index or a sidecar). */
  use(file: string): void {
    this.used.add(file);
  }

  /**
   * `file` was just read from disk to be served from memory: its time is set now, not at the next flush, so
   * that a sweep deciding meanwhile does not take what this process is about to serve.
   */
  async useNow(file: string): Promise<void> {
    await fs.utimes(file, new Date(), new Date()).catch(() => undefined);
  }

  async flush(): Promise<void> {
    const files = [...this.used];
    this.used.clear();
    const now = new Date();
    await Promise.all(files.map((file) => fs.utimes(file, now, now).catch(() => undefined)));
  }
}

/** The uses of this process, whichever store or generated-file cache saw them. */
export const processUses = new UseTracker();

export interface DiskBudgetOptions {
  /** The package store's root: `blobs/`, `versions/`. */
  root: string;
  /** Folders of generated files: `<base>.json` sidecars with `<base>.<part>` files beside them. */
  generatedDirs: readonly string[];
  budgetBytes: number;
}

/** A sweep of a large cache on a slow disk: far above what one takes (seconds), below a stalled disk's wait. */
const SWEEP_TIME_LIMIT_MS = 10 * 60_000;

/** The sweep thread ends after this long without a sweep. */
const SWEEP_THREAD_IDLE_MS = 30_000;

let sweepThread: WorkerPool<DiskBudgetOptions, SweepReport> | null = null;

/**
 * Sweeps the cache down to its budget when it is over it, in the sweep thread (started on first use, never
 * holding the process open); resolves with what it did, or `swept: false` when another process was sweeping.
 */
export function sweep(options: DiskBudgetOptions): Promise<SweepReport> {
  sweepThread ??= new WorkerPool({
    workerUrl: new URL('./sweepThread.ts', import.meta.url),
    threads: 1,
    timeLimitMs: SWEEP_TIME_LIMIT_MS,
    maxQueued: 4,
    startOnDemand: true,
    // A sweep of a large cache leaves its thread with a heap of a hundred MB and more (a 3 GB cache of 200,000
    // files), which an idle thread keeps: the thread ends between sweeps that are far apart, and the next one
    // reads the indexes again (a second or so for such a cache). Under churn sweeps follow each other within it.
    endWhenIdleMs: SWEEP_THREAD_IDLE_MS,
    errors: {
      closed: () => new Error('The file cache sweep thread is closed.'),
      queueFull: () => new Error('File cache sweeps are already waiting.'),
      timedOut: () => new Error(`A file cache sweep took longer than ${SWEEP_TIME_LIMIT_MS / 60_000} minutes and was stopped.`),
    },
  });
  return sweepThread.run({ root: options.root, generatedDirs: [...options.generatedDirs], budgetBytes: options.budgetBytes });
}
