/**
 * What a start-up does about a process that stopped without closing its store (a crash, kill -9, a power
 * loss). Each process that opens the store leaves a marker (`running/<pid>`, holding its start time and the
 * machine's boot id) and removes it when it closes. A marker whose process is gone from an earlier boot (a
 * power loss or a machine crash) means everything written since its start is suspect: blobs are renamed into
 * place without a flush each, so the page cache may have lost their content. Those blobs are hashed again and
 * the ones whose content does not match their name are deleted, with every version index written since that
 * names a deleted or missing blob (the version is extracted again on its next request). A process that died
 * while the machine kept running (a crash, kill -9) left nothing torn: every name was renamed over a file
 * written whole, and the kernel still holds what was written, so nothing is hashed. That check had taken a
 * replacement process many seconds (58,053 blobs after ten minutes of churn) before it could serve.
 * Staging folders of processes that are gone are removed; those of live processes (another service sharing
 * the folder, mid-extraction) are left alone.
 */
import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeFileDurable } from './durable.ts';

export interface RecoveryReport {
  /** Start time of the oldest process that did not close, or null when every one closed. */
  since: number | null;
  checkedBlobs: number;
  removedBlobs: number;
  removedIndexes: number;
}

export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pidOf = (name: string): number => Number.parseInt(name, 10);

/** This boot of the machine (Linux); null where it cannot be told, and then every crash is checked. */
async function bootId(): Promise<string | null> {
  return (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim() || null;
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch {
    return [];
  }
}

/** Staging folders are named `<pid>-<random>`: only those of processes that are gone are removed. */
export async function removeOrphanStaging(stagingDir: string): Promise<void> {
  for (const name of await entries(stagingDir)) {
    const pid = pidOf(name);
    if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) await fs.rm(path.join(stagingDir, name), { recursive: true, force: true });
  }
}

async function sha256Hex(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const name of await entries(dir)) {
    const full = path.join(dir, name);
    const info = await fs.stat(full).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Checks the store at `root` after a process that did not close, then registers this one. Returns what it did.
 * `blobDir` holds `ab/cdef...` blobs; version indexes are JSON files under `<root>/versions/`.
 */
export async function recoverAndRegister(root: string, blobDir: string): Promise<RecoveryReport> {
  const markers = path.join(root, 'running');
  await fs.mkdir(markers, { recursive: true });
  const thisBoot = await bootId();
  let since: number | null = null;
  let fromEarlierBoot = false;
  const crashed: string[] = [];
  for (const name of await entries(markers)) {
    const pid = pidOf(name);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    const [startedText = '0', boot = null] = (await fs.readFile(path.join(markers, name), 'utf8').catch(() => '0')).split(' ');
    const started = Number(startedText) || 0;
    since = since === null ? started : Math.min(since, started);
    if (thisBoot === null || boot !== thisBoot) fromEarlierBoot = true;
    crashed.push(name);
  }
  const report: RecoveryReport = { since, checkedBlobs: 0, removedBlobs: 0, removedIndexes: 0 };
  if (since !== null && !fromEarlierBoot) {
    for (const name of crashed) await fs.rm(path.join(markers, name), { force: true });
  } else if (since !== null) {
    // File times are rounded by some file systems: look a little further back.
    const from = since - 2000;
    const removed = new Set<string>();
    for (const prefix of await entries(blobDir)) {
      for (const rest of await entries(path.join(blobDir, prefix))) {
        const file = path.join(blobDir, prefix, rest);
        const info = await fs.stat(file).catch(() => null);
        if (!info || info.mtimeMs < from) continue;
        report.checkedBlobs++;
        const actual = await sha256Hex(file).catch(() => null);
        if (actual !== `${prefix}${rest}`) {
          await fs.rm(file, { force: true });
          removed.add(`${prefix}${rest}`);
        }
      }
    }
    report.removedBlobs = removed.size;
    for await (const file of filesUnder(path.join(root, 'versions'))) {
      const info = await fs.stat(file).catch(() => null);
      if (!info || info.mtimeMs < from) continue;
      const index = JSON.parse(await fs.readFile(file, 'utf8').catch(() => 'null')) as { files?: Array<{ sha256Hex?: string }> } | null;
      const hashes = Array.isArray(index?.files) ? index.files.map((entry) => entry.sha256Hex ?? '') : null;
      const broken =
        hashes === null ||
        hashes.some((hex) => removed.has(hex)) ||
        (
          await Promise.all(
            hashes.map((hex) =>
              fs.access(path.join(blobDir, hex.slice(0, 2), hex.slice(2))).then(
                () => false,
                () => true,
              ),
            ),
          )
        ).some(Boolean);
      if (broken) {
        await fs.rm(file, { force: true });
        report.removedIndexes++;
      }
    }
    for (const name of crashed) await fs.rm(path.join(markers, name), { force: true });
  }
  // Durably: after a power loss this marker is what says the blobs written since must be checked (they are not
  // flushed one by one).
  await writeFileDurable(path.join(markers, String(process.pid)), thisBoot ? `${Date.now()} ${thisBoot}` : String(Date.now()));
  return report;
}

/** Removes this process's marker: the store was closed cleanly. */
export async function unregister(root: string): Promise<void> {
  await fs.rm(path.join(root, 'running', String(process.pid)), { force: true });
}
