/**
 * The disk budget of the file cache: when blobs and generated files together take more than the budget,
 * whole versions and whole generated files go, least recently used first, until they fit in 90 % of it.
 *
 * "Used" is the time of a file: every process that serves a version or a generated file touches its index or
 * sidecar (at most every 30 seconds, see UseTracker), so its time says when it was last served by anyone.
 * Nothing used within the grace period (3 minutes) is evicted: a process holding a version in memory has
 * touched it since, or reads it again from disk before trusting it (entries not served here for
 * RECHECK_AFTER_MS are re-read). What arrives faster than the grace period can take the cache past its
 * budget until it ages. A version goes index first, then the blobs no other index names; blobs no
 * index names at all (left by an extraction that failed) go once they are an hour old.
 *
 * One process sweeps at a time (a lock file in the folder); the others only touch.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Entries used within this are never evicted. */
export const EVICTION_GRACE_MS = 3 * 60_000;
/** A process re-reads from disk a version (or generated file) it has not served for this long. */
export const RECHECK_AFTER_MS = EVICTION_GRACE_MS - 60_000;
/** How often a process writes its uses to the files' times. */
export const TOUCH_INTERVAL_MS = 30_000;
const ORPHAN_AGE_MS = 60 * 60_000;
const LOCK_STALE_MS = 10 * 60_000;

export interface SweepReport {
  /** Bytes of blobs and generated files before the sweep. */
  before: number;
  after: number;
  evictedVersions: number;
  evictedGenerated: number;
  removedOrphans: number;
  /** False when another process was sweeping. */
  swept: boolean;
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch {
    return [];
  }
}

async function* filesUnder(dir: string): AsyncGenerator<{ file: string; size: number; mtimeMs: number }> {
  for (const name of await entries(dir)) {
    const full = path.join(dir, name);
    const info = await fs.stat(full).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) yield* filesUnder(full);
    else yield { file: full, size: info.size, mtimeMs: info.mtimeMs };
  }
}

async function* concat<T>(sources: Array<AsyncGenerator<T>>): AsyncGenerator<T> {
  for (const source of sources) yield* source;
}

/** Remembers what this process used and writes it to the files' times once per interval. */
export class UseTracker {
  private readonly used = new Set<string>();

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
  now?: () => number;
}

interface Candidate {
  mtimeMs: number;
  evict(): Promise<void>;
}

export async function sweep(options: DiskBudgetOptions): Promise<SweepReport> {
  const now = options.now ?? Date.now;
  const lock = path.join(options.root, 'sweep.lock');
  const report: SweepReport = { before: 0, after: 0, evictedVersions: 0, evictedGenerated: 0, removedOrphans: 0, swept: false };
  try {
    await fs.writeFile(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const info = await fs.stat(lock).catch(() => null);
    if (info && now() - info.mtimeMs < LOCK_STALE_MS) return report;
    await fs.writeFile(lock, String(process.pid));
  }
  try {
    await sweepLocked(options, now(), report);
    report.swept = true;
    return report;
  } finally {
    await fs.rm(lock, { force: true });
  }
}

async function sweepLocked(options: DiskBudgetOptions, now: number, report: SweepReport): Promise<void> {
  const blobDir = path.join(options.root, 'blobs');
  const blobSizes = new Map<string, { size: number; mtimeMs: number }>();
  for await (const blob of filesUnder(blobDir)) {
    blobSizes.set(`${path.basename(path.dirname(blob.file))}${path.basename(blob.file)}`, { size: blob.size, mtimeMs: blob.mtimeMs });
  }
  // Which blobs each version names, and how many versions name each blob.
  const refs = new Map<string, number>();
  const versions: Array<{ file: string; mtimeMs: number; hashes: string[] }> = [];
  // Version indexes, and the records of single files taken out of versions over their size limit (singleFiles.ts).
  const indexes = [filesUnder(path.join(options.root, 'versions')), filesUnder(path.join(options.root, 'singles'))];
  for await (const index of concat(indexes)) {
    const parsed = JSON.parse(await fs.readFile(index.file, 'utf8').catch(() => 'null')) as { files?: Array<{ sha256Hex?: string }> } | null;
    const hashes = [...new Set((parsed?.files ?? []).map((f) => f.sha256Hex ?? ''))];
    for (const hex of hashes) refs.set(hex, (refs.get(hex) ?? 0) + 1);
    versions.push({ file: index.file, mtimeMs: index.mtimeMs, hashes });
  }
  let total = 0;
  for (const { size } of blobSizes.values()) total += size;
  let before = total;

  // The scan above takes a while on a large cache, and what it saw may have been used or rewritten since: each
  // file is looked at again right before it goes, and spared when its time is now within the grace period.
  const usedSince = async (file: string): Promise<boolean> => {
    const info = await fs.stat(file).catch(() => null);
    return info !== null && (options.now ?? Date.now)() - info.mtimeMs < EVICTION_GRACE_MS;
  };
  const removeBlob = async (hex: string): Promise<void> => {
    const blob = blobSizes.get(hex);
    if (!blob) return;
    // A blob written again since (an extraction renamed the same content into place) belongs to a newer index.
    if (await usedSince(path.join(blobDir, hex.slice(0, 2), hex.slice(2)))) {
      blobSizes.delete(hex);
      return;
    }
    await fs.rm(path.join(blobDir, hex.slice(0, 2), hex.slice(2)), { force: true });
    blobSizes.delete(hex);
    total -= blob.size;
  };
  for (const [hex, blob] of [...blobSizes]) {
    if (!refs.has(hex) && now - blob.mtimeMs > ORPHAN_AGE_MS) {
      await removeBlob(hex);
      report.removedOrphans++;
    }
  }

  const candidates: Candidate[] = versions.map((version) => ({
    mtimeMs: version.mtimeMs,
    evict: async () => {
      if (await usedSince(version.file)) return;
      await fs.rm(version.file, { force: true });
      report.evictedVersions++;
      for (const hex of version.hashes) {
        const left = (refs.get(hex) ?? 1) - 1;
        refs.set(hex, left);
        if (left === 0) await removeBlob(hex);
      }
    },
  }));
  for (const dir of options.generatedDirs) {
    const groups = new Map<string, { files: Array<{ file: string; size: number }>; mtimeMs: number }>();
    for await (const file of filesUnder(dir)) {
      const name = path.basename(file.file);
      const base = path.join(path.dirname(file.file), name.slice(0, name.indexOf('.') === -1 ? name.length : name.indexOf('.')));
      const group = groups.get(base) ?? { files: [], mtimeMs: 0 };
      group.files.push(file);
      // The sidecar's time is the group's use.
      if (name.endsWith('.json') && name.indexOf('.') === name.lastIndexOf('.')) group.mtimeMs = file.mtimeMs;
      else group.mtimeMs ||= file.mtimeMs;
      groups.set(base, group);
      total += file.size;
      before += file.size;
    }
    for (const group of groups.values()) {
      candidates.push({
        mtimeMs: group.mtimeMs,
        evict: async () => {
          const sidecar = group.files.find((f) => f.file.endsWith('.json'));
          if (sidecar && (await usedSince(sidecar.file))) return;
          // The sidecar first: without it, the parts are never trusted.
          const ordered = [...group.files].sort((a, b) => Number(b.file.endsWith('.json')) - Number(a.file.endsWith('.json')));
          for (const file of ordered) {
            await fs.rm(file.file, { force: true });
            total -= file.size;
          }
          report.evictedGenerated++;
        },
      });
    }
  }
  report.before = before;
  if (total > options.budgetBytes) {
    const target = options.budgetBytes * 0.9;
    candidates.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const candidate of candidates) {
      if (total <= target || now - candidate.mtimeMs < EVICTION_GRACE_MS) break;
      await candidate.evict();
    }
  }
  report.after = total;
}
