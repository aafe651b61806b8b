/**
 * How full the file cache is, known without scanning it: the last sweep's measure plus what every process wrote
 * since. Scanning a cache of 200,000 files costs a core for seconds; a process that scanned every 30 s however far
 * under its budget took that from serving, and one that scanned only every 30 s let a fast churn run the cache
 * past its budget between scans.
 *
 * - Each process that writes into the cache (CDN or data API) keeps in `tally/<pid>` the bytes it wrote since it
 *   started (versions extracted, generated files stored), rewritten as it grows.
 * - The sweep reads every tally before it scans, and records in `sweep.json` what it measured after evicting and
 *   the tallies it had read (`seen`): what a process wrote after that is not in the measure.
 * - The estimate is then the measure plus each tally's growth since. Writes during the scan count twice, removals
 *   by nobody but a sweep: the estimate errs high, never low. The tallies of dead processes are removed by the
 *   sweep that read them.
 *
 * Every function here but `publishTally` and `estimateCacheBytes` is synchronous: the sweep thread's.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './crashRecovery.ts';

/** What the last sweep measured. */
export interface SweepRecord {
  /** When its scan began. */
  atMs: number;
  /** Bytes of the cache after it evicted. */
  bytes: number;
  /** Each process's tally when the scan began. */
  seen: Record<string, number>;
  /** How long the sweep took, scan and removals (0 in a record of an older release). */
  durationMs: number;
  /** Files it removed and the time their removals took: what a removal costs on this disk (absent before). */
  removedFiles?: number;
  removalMs?: number;
}

const tallyDir = (root: string): string => path.join(root, 'tally');
const recordFile = (root: string): string => path.join(root, 'sweep.json');

/** Writes this process's tally (bytes written into the cache since it started): write then rename, never half. */
export async function publishTally(root: string, bytes: number): Promise<void> {
  const file = path.join(tallyDir(root), String(process.pid));
  const draft = `${file}.${Math.random().toString(36).slice(2)}.draft`;
  await fsp.mkdir(tallyDir(root), { recursive: true });
  await fsp.writeFile(draft, String(bytes));
  await fsp.rename(draft, file);
}

function parseTallies(entries: Array<[string, string]>): Record<string, number> {
  const tallies: Record<string, number> = {};
  for (const [name, text] of entries) {
    const bytes = Number(text);
    if (/^\d+$/.test(name) && Number.isFinite(bytes) && bytes >= 0) tallies[name] = bytes;
  }
  return tallies;
}

function parseRecord(text: string): SweepRecord | null {
  try {
    const record = JSON.parse(text) as Partial<SweepRecord> | null;
    if (typeof record?.atMs !== 'number' || typeof record.bytes !== 'number' || typeof record.seen !== 'object' || record.seen === null) return null;
    const removals =
      typeof record.removedFiles === 'number' && typeof record.removalMs === 'number' ? { removedFiles: record.removedFiles, removalMs: record.removalMs } : {};
    return {
      atMs: record.atMs,
      bytes: record.bytes,
      seen: record.seen,
      durationMs: typeof record.durationMs === 'number' ? record.durationMs : 0,
      ...removals,
    };
  } catch {
    return null;
  }
}

/** Bytes the processes wrote since their tallies read `seen` (a process not in it: all it wrote, as it is newer). */
export function arrivedSince(seen: Record<string, number>, tallies: Record<string, number>): number {
  let bytes = 0;
  for (const [pid, tally] of Object.entries(tallies)) bytes += Math.max(0, tally - (seen[pid] ?? 0));
  return bytes;
}

/** The cache's bytes by the last sweep and the tallies since, with that sweep's time; null before any sweep. */
export async function estimateCacheBytes(root: string): Promise<{ bytes: number; sweptAtMs: number } | null> {
  const record = parseRecord(await fsp.readFile(recordFile(root), 'utf8').catch(() => ''));
  if (!record) return null;
  const names = await fsp.readdir(tallyDir(root)).catch(() => [] as string[]);
  const entries = await Promise.all(
    names.map(async (name): Promise<[string, string]> => [name, await fsp.readFile(path.join(tallyDir(root), name), 'utf8').catch(() => '')]),
  );
  return { bytes: record.bytes + arrivedSince(record.seen, parseTallies(entries)), sweptAtMs: record.atMs };
}

/** The sweep's read of every tally when its scan begins; the tallies (and drafts) of dead processes go. */
export function readTalliesSync(root: string): Record<string, number> {
  let names: string[];
  try {
    names = fs.readdirSync(tallyDir(root));
  } catch {
    return {};
  }
  const entries: Array<[string, string]> = [];
  for (const name of names) {
    const file = path.join(tallyDir(root), name);
    const pid = Number.parseInt(name, 10);
    if (!Number.isInteger(pid) || !isAlive(pid)) {
      // What it wrote before dying is on disk, where this scan measures it: no later estimate is owed its tally.
      fs.rmSync(file, { force: true });
      continue;
    }
    if (name.endsWith('.draft')) continue;
    try {
      entries.push([name, fs.readFileSync(file, 'utf8')]);
    } catch {
      // Replaced meanwhile: its next version is newer, and counts in full against this record (errs high).
    }
  }
  return parseTallies(entries);
}

/** The last sweep's record, for the sweep thread; null when there is none. */
export function readRecordSync(root: string): SweepRecord | null {
  try {
    return parseRecord(fs.readFileSync(recordFile(root), 'utf8'));
  } catch {
    return null;
  }
}

/** Records a sweep's measure, for the estimates until the next one. */
export function recordSweepSync(root: string, record: SweepRecord): void {
  const draft = `${recordFile(root)}.${process.pid}.draft`;
  fs.writeFileSync(draft, JSON.stringify(record));
  fs.renameSync(draft, recordFile(root));
}
