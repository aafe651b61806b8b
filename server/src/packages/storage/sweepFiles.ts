/**
 * One sweep of the file cache down to its budget (the rules are in `diskBudget.ts`), with synchronous file
 * calls: it runs in the sweep thread only (`sweepThread.ts`), never on a serving thread, where it would
 * block every request for as long as it takes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './crashRecovery.ts';
import { arrivedSince, readRecordSync, readTalliesSync, recordSweepSync, type SweepRecord } from './cacheTally.ts';
import { EVICTION_GRACE_MS, type DiskBudgetOptions, type SweepReport } from './diskBudget.ts';
import { BlobTable, HASH_BYTES } from './blobTable.ts';
import { HEX_LENGTH, NamedBlobsMemory, namedCount, type NamedBlobs } from './namedBlobs.ts';

/**
 * A sweep evicts when the cache takes more than this share of its budget, down to SWEEP_TARGET of it, so that
 * what arrives while it scans and until the next one still fits: a churn of tens of MB a second arrives while a
 * sweep scans, and a sweep that began only over the budget itself left the cache over it for a while every time.
 */
export const SWEEP_START = 0.9;
export const SWEEP_TARGET = 0.75;
/**
 * What arrives while one sweep runs arrives again while the next one does: a sweep goes below SWEEP_START by
 * twice what the processes write in the time of a sweep (at the rate they wrote since the last one, for as long
 * as it took; or what they wrote during this one's scan, when more), so that a fast churn (tens of MB a second
 * against a budget of hundreds) does not carry the cache past its budget before the next sweep is done. Never
 * below this share of the budget: after a sweep of a long backlog (a budget lowered to a quarter took 90 s to
 * sweep under load) the rate times its time overstates the next one's arrivals.
 */
const SWEEP_FLOOR = 0.5;

/** Blobs no index names (an extraction that failed) go once they are this old. */
const ORPHAN_AGE_MS = 60 * 60_000;
/** A lock older than this is taken over even when the process it names seems alive (its number reused). */
const LOCK_STALE_MS = 10 * 60_000;

interface FileInfo {
  file: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

interface Candidate {
  mtimeMs: number;
  /**
   * Removes the entry; false when it was used since the scan and spared. `pressed`: the cache is over its
   * budget with nothing older than the grace period left, so a recent use does not spare it.
   */
  evict(pressed: boolean): boolean;
  gone?: boolean;
}

function filesUnder(dir: string, found: FileInfo[] = []): FileInfo[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    const info = statOrNull(full);
    if (!info) continue;
    if (info.isDirectory()) filesUnder(full, found);
    else found.push({ file: full, size: info.size, mtimeMs: info.mtimeMs, ino: info.ino });
  }
  return found;
}

/** What every sweep of this thread knows of the indexes it read before. */
const namedBlobs = new NamedBlobsMemory();
/** The blobs the last sweep knew of: the next one's table is made that large at once rather than grown to it. */
let blobsLastSweep = 1024;

/**
 * The blobs on disk (`<2 hex>/<62 hex>`), from the folders' listings alone, into the sweep's table. A sweep used
 * to stat every blob, a hundred thousand calls for a few thousand versions, and under load a sweep took longer
 * than the cache took to fill past its budget again; an index states its blobs' sizes, so only blobs no index
 * names (or of no stated size) are looked at.
 */
const BLOB_NAME_LENGTH = HEX_LENGTH - 2;

function listBlobs(blobDir: string, table: BlobTable): void {
  let prefixes: fs.Dirent[];
  try {
    prefixes = fs.readdirSync(blobDir, { withFileTypes: true });
  } catch {
    return;
  }
  const hash = Buffer.alloc(HASH_BYTES);
  for (const prefix of prefixes) {
    if (!prefix.isDirectory() || prefix.name.length !== 2 || hash.write(prefix.name, 0, 1, 'hex') !== 1) continue;
    let names: string[];
    try {
      // Names alone, not entries with their types: an object each, for every blob of the cache, was garbage the
      // sweep thread's heap grew by. Only blobs are renamed into these folders; a name of another length is not one.
      names = fs.readdirSync(path.join(blobDir, prefix.name));
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.length !== BLOB_NAME_LENGTH || hash.write(name, 1, HASH_BYTES - 1, 'hex') !== HASH_BYTES - 1) continue;
      table.onDisk[table.entry(hash, 0)] = 1;
    }
  }
}

/**
 * The files a sweep removed and the time their removals took. On a file system mounted with online discard
 * (ext4's `discard`), removing a file waits for the device to be told its blocks are free: 120 µs a file on an
 * idle virtual disk, 450 to 800 µs under a churn of 25 MB/s, against 13 µs without it; the removals, not the
 * scan, are then what bounds how fast a sweep makes room.
 */
interface Removals {
  files: number;
  ms: number;
}

/** Removes a file of the cache; one that is already gone (another sweep, a repair) is not an error. */
function removeFile(file: string, removals: Removals): void {
  const began = performance.now();
  try {
    fs.unlinkSync(file);
    removals.files++;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    removals.ms += performance.now() - began;
  }
}

/** Bytes the processes are expected to write during one sweep, from the last sweep's record. */
function arrivalsPerSweep(previous: SweepRecord | null, seen: Record<string, number>, now: number): number {
  if (!previous || now <= previous.atMs) return 0;
  const ratePerMs = arrivedSince(previous.seen, seen) / (now - previous.atMs);
  return ratePerMs * previous.durationMs;
}

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

/** Whether the process a lock names still runs (on this machine: the cache folder is the machine's own). */
function holderAlive(lock: string): boolean {
  const pid = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid);
}

/**
 * Takes the sweep lock: false when another process holds it. A lock whose process is gone (killed mid-sweep)
 * is taken over at once, not after LOCK_STALE_MS: a killed sweeper used to stop every sweep for ten minutes.
 */
function takeLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const info = statOrNull(lock);
    let alive = false;
    try {
      alive = holderAlive(lock);
    } catch {
      // Released meanwhile.
    }
    if (info && Date.now() - info.mtimeMs < LOCK_STALE_MS && alive) return false;
    fs.writeFileSync(lock, String(process.pid));
    return true;
  }
}

export function sweepFiles(options: DiskBudgetOptions): SweepReport {
  const lock = path.join(options.root, 'sweep.lock');
  const report: SweepReport = {
    before: 0,
    after: 0,
    evictedVersions: 0,
    evictedGenerated: 0,
    removedOrphans: 0,
    swept: false,
    pressed: false,
    arrivedDuringScan: 0,
    durationMs: 0,
    scanMs: 0,
    removedFiles: 0,
    removalMs: 0,
  };
  if (!takeLock(lock)) return report;
  try {
    const began = Date.now();
    sweepLocked(options, began, report);
    report.swept = true;
    report.durationMs = Date.now() - began;
    return report;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function sweepLocked(options: DiskBudgetOptions, now: number, report: SweepReport): void {
  const removals: Removals = { files: 0, ms: 0 };
  // Read before the scan: what the processes write from here on is counted again by the estimates (cacheTally.ts).
  const seen = readTalliesSync(options.root);
  const expectedArrivals = arrivalsPerSweep(readRecordSync(options.root), seen, now);
  const blobDir = path.join(options.root, 'blobs');
  // The blobs on disk, listed before the indexes are read: a blob an extraction writes meanwhile is not counted
  // until the next sweep, but never taken for an orphan.
  const blobs = new BlobTable(blobsLastSweep);
  listBlobs(blobDir, blobs);
  // Which blobs each version names, how many versions name each blob, and its size.
  const versions: Array<{ file: string; size: number; mtimeMs: number; blobs: NamedBlobs }> = [];
  let total = 0;
  // Version indexes, and the records of single files taken out of versions over their size limit (singleFiles.ts).
  for (const index of [...filesUnder(path.join(options.root, 'versions')), ...filesUnder(path.join(options.root, 'singles'))]) {
    const named = namedBlobs.of(index);
    for (let i = 0; i < namedCount(named); i++) {
      const blob = blobs.entry(named.hashes, i * HASH_BYTES);
      blobs.refs[blob]!++;
      if (Number.isFinite(named.sizes[i])) blobs.sizes[blob] = named.sizes[i]!;
    }
    versions.push({ file: index.file, size: index.size, mtimeMs: index.mtimeMs, blobs: named });
    total += index.size;
  }
  // A named blob's size is its index's word; only a blob no index names (or of no stated size) is looked at, for
  // its size and its age (orphans go once they are old). A named blob not on disk counts for nothing.
  const blobFile = (blob: number): string => {
    const hex = blobs.hex(blob);
    return path.join(blobDir, hex.slice(0, 2), hex.slice(2));
  };
  for (let blob = 0; blob < blobs.count; blob++) {
    if (!blobs.onDisk[blob]) continue;
    if (Number.isNaN(blobs.sizes[blob])) {
      const info = statOrNull(blobFile(blob));
      if (!info) {
        blobs.onDisk[blob] = 0;
        continue;
      }
      blobs.sizes[blob] = info.size;
      blobs.mtimes[blob] = info.mtimeMs;
    }
    total += blobs.sizes[blob]!;
  }
  // The registry's documents count against the budget too, though they are not swept (each package has one,
  // refreshed as it expires): the versions and generated files make room for them.
  for (const document of filesUnder(path.join(options.root, 'documents'))) total += document.size;
  // What no index names any more is forgotten: the memory of the sweep thread is that of the cache's indexes.
  namedBlobs.forgetOthers();
  blobsLastSweep = blobs.count;
  let before = total;

  // The scan above takes a while on a large cache, and what it saw may have been used or rewritten since: each
  // file is looked at again right before it goes.
  const touchedSince = (file: string, sinceMs: number): boolean => (statOrNull(file)?.mtimeMs ?? -Infinity) >= sinceMs;
  const usedSince = (file: string): boolean => touchedSince(file, Date.now() - EVICTION_GRACE_MS);
  const removeBlob = (blob: number, pressed: boolean): void => {
    if (!blobs.onDisk[blob]) return;
    blobs.onDisk[blob] = 0;
    const file = blobFile(blob);
    // A blob written again since (an extraction renamed the same content into place) belongs to a newer index.
    // Under pressure only what was written after the scan began is known to: a rarer race (an extraction that
    // stored the blob before the scan and wrote its index after) is mended when the index is read back
    // (VersionStore.vanished).
    if (touchedSince(file, pressed ? now : Date.now() - EVICTION_GRACE_MS)) return;
    removeFile(file, removals);
    total -= blobs.sizes[blob]!;
  };
  for (let blob = 0; blob < blobs.count; blob++) {
    if (blobs.onDisk[blob] && blobs.refs[blob] === 0 && now - blobs.mtimes[blob]! > ORPHAN_AGE_MS) {
      removeBlob(blob, false);
      report.removedOrphans++;
    }
  }

  const candidates: Candidate[] = versions.map((version) => ({
    mtimeMs: version.mtimeMs,
    evict: (pressed) => {
      if (!pressed && usedSince(version.file)) return false;
      removeFile(version.file, removals);
      total -= version.size;
      report.evictedVersions++;
      for (let i = 0; i < namedCount(version.blobs); i++) {
        const blob = blobs.find(version.blobs.hashes, i * HASH_BYTES);
        if (blob !== -1 && --blobs.refs[blob]! === 0) removeBlob(blob, pressed);
      }
      return true;
    },
  }));
  for (const dir of options.generatedDirs) {
    const groups = new Map<string, { files: FileInfo[]; mtimeMs: number }>();
    for (const file of filesUnder(dir)) {
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
        evict: (pressed) => {
          const sidecar = group.files.find((f) => f.file.endsWith('.json'));
          if (!pressed && sidecar && usedSince(sidecar.file)) return false;
          // The sidecar first: without it, the parts are never trusted.
          const ordered = [...group.files].sort((a, b) => Number(b.file.endsWith('.json')) - Number(a.file.endsWith('.json')));
          for (const file of ordered) {
            removeFile(file.file, removals);
            total -= file.size;
          }
          report.evictedGenerated++;
          return true;
        },
      });
    }
  }
  report.before = before;
  // The scan, with the removals of old orphans it made.
  report.scanMs = Date.now() - now;
  report.arrivedDuringScan = arrivedSince(seen, readTalliesSync(options.root));
  if (total > options.budgetBytes * SWEEP_START) {
    const target = Math.max(
      options.budgetBytes * SWEEP_FLOOR,
      Math.min(options.budgetBytes * SWEEP_TARGET, options.budgetBytes * SWEEP_START - 2 * Math.max(expectedArrivals, report.arrivedDuringScan)),
    );
    candidates.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const candidate of candidates) {
      if (total <= target || now - candidate.mtimeMs < EVICTION_GRACE_MS) break;
      candidate.gone = candidate.evict(false);
    }
    // Arrivals outran the grace period: what was used recently goes too, least recently used first, rather than
    // leave no room for what arrives before the next sweep.
    if (total > options.budgetBytes * SWEEP_START) {
      report.pressed = true;
      for (const candidate of candidates) {
        if (total <= target) break;
        if (!candidate.gone) candidate.gone = candidate.evict(true);
      }
    }
  }
  report.after = total;
  report.removedFiles = removals.files;
  report.removalMs = Math.round(removals.ms);
  recordSweepSync(options.root, {
    atMs: now,
    bytes: total,
    seen,
    durationMs: Date.now() - now,
    removedFiles: report.removedFiles,
    removalMs: report.removalMs,
  });
}
