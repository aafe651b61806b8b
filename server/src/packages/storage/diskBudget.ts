/**
 * The disk budget of the file cache: when blobs and generated files together take more than the budget,
 * whole versions and whole generated files go, least recently used first, until they fit in 90 % of it.
 *
 * "Used" is the time of a file: every process that serves a version or a generated file touches its index or
 * sidecar (at most every 30 seconds, see UseTracker), so its time says when it was last served by anyone.
 * What was used within the grace period (3 minutes) goes only when nothing older is left and the cache is
 * still over its budget: the budget is a limit, whatever the rate of arrivals. Within the grace period a
 * process holding a version in memory trusts it without looking at the disk (entries not served here for
 * RECHECK_AFTER_MS are re-read); when one of its files went meanwhile, the request that meets the missing
 * file forgets the version and answers again (`cdn/serve/vanishedFiles.ts`), and a response already
 * streaming keeps the file it opened. A version goes index first, then the blobs no other index names,
 * except a blob written again since the scan (an extraction renamed the same content into place for an
 * index the scan did not see); blobs no index names at all (left by an extraction that failed) go once they
 * are an hour old.
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
  /** Whether entries used within the grace period had to go to meet the budget. */
  pressed: boolean;
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
  /** `pressed`: the cache is over its budget with nothing older than the grace period left, so use does not spare it. */
  /** False when it was used since the scan and spared. */
  evict(pressed: boolean): Promise<boolean>;
  gone?: boolean;
}

export async function sweep(options: DiskBudgetOptions): Promise<SweepReport> {
  const now = options.now ?? Date.now;
  const lock = path.join(options.root, 'sweep.lock');
  const report: SweepReport = { before: 0, after: 0, evictedVersions: 0, evictedGenerated: 0, removedOrphans: 0, swept: false, pressed: false };
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
  const clock = options.now ?? Date.now;
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
  const touchedSince = async (file: string, sinceMs: number): Promise<boolean> => {
    const info = await fs.stat(file).catch(() => null);
    return info !== null && info.mtimeMs >= sinceMs;
  };
  const usedSince = (file: string): Promise<boolean> => touchedSince(file, clock() - EVICTION_GRACE_MS);
  const removeBlob = async (hex: string, pressed: boolean): Promise<void> => {
    const blob = blobSizes.get(hex);
    if (!blob) return;
    // A blob written again since (an extraction renamed the same content into place) belongs to a newer index.
    // Under pressure only what was written after the scan began is known to: a rarer race (an extraction that
    // stored the blob before the scan and wrote its index after) is mended when the index is read back
    // (VersionStore.vanished).
    if (await touchedSince(path.join(blobDir, hex.slice(0, 2), hex.slice(2)), pressed ? now : clock() - EVICTION_GRACE_MS)) {
      blobSizes.delete(hex);
      return;
    }
    await fs.rm(path.join(blobDir, hex.slice(0, 2), hex.slice(2)), { force: true });
    blobSizes.delete(hex);
    total -= blob.size;
  };
  for (const [hex, blob] of [...blobSizes]) {
    if (!refs.has(hex) && now - blob.mtimeMs > ORPHAN_AGE_MS) {
      await removeBlob(hex, false);
      report.removedOrphans++;
    }
  }

  const candidates: Candidate[] = versions.map((version) => ({
    mtimeMs: version.mtimeMs,
    evict: async (pressed) => {
      if (!pressed && (await usedSince(version.file))) return false;
      await fs.rm(version.file, { force: true });
      report.evictedVersions++;
      for (const hex of version.hashes) {
        const left = (refs.get(hex) ?? 1) - 1;
        refs.set(hex, left);
        if (left === 0) await removeBlob(hex, pressed);
      }
      return true;
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
        evict: async (pressed) => {
          const sidecar = group.files.find((f) => f.file.endsWith('.json'));
          if (!pressed && sidecar && (await usedSince(sidecar.file))) return false;
          // The sidecar first: without it, the parts are never trusted.
          const ordered = [...group.files].sort((a, b) => Number(b.file.endsWith('.json')) - Number(a.file.endsWith('.json')));
          for (const file of ordered) {
            await fs.rm(file.file, { force: true });
            total -= file.size;
          }
          report.evictedGenerated++;
          return true;
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
      candidate.gone = await candidate.evict(false);
    }
    // Arrivals outran the grace period: what was used recently goes too, least recently used first.
    if (total > options.budgetBytes) {
      report.pressed = true;
      for (const candidate of candidates) {
        if (total <= target) break;
        if (!candidate.gone) candidate.gone = await candidate.evict(true);
      }
    }
  }
  report.after = total;
}
