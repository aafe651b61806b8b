/**
 * Coalescing across processes: the first process to want a version takes its lock file (created
 * exclusively in the shared folder) and downloads it; the others wait for the lock to go and then read
 * what it left (the version's index, or its refusal). A lock whose process is gone, or older than the
 * longest a download may take, is taken over.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './crashRecovery.ts';

const POLL_MS = 50;

export interface LockOptions {
  root: string;
  /** A lock older than this is stale whoever holds it. */
  staleMs: number;
}

const lockPath = (root: string, key: string): string => path.join(root, 'locks', `${crypto.createHash('sha256').update(key).digest('hex')}.lock`);

/** Takes the lock of `key`, or returns null when another live process holds it. */
export async function tryLock(options: LockOptions, key: string): Promise<(() => Promise<void>) | null> {
  const file = lockPath(options.root, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return () => fs.rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [holder, info] = await Promise.all([fs.readFile(file, 'utf8').catch(() => ''), fs.stat(file).catch(() => null)]);
    if (!info) continue;
    const pid = Number.parseInt(holder, 10);
    const stale = Date.now() - info.mtimeMs > options.staleMs || (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid));
    if (!stale) return null;
    await fs.rm(file, { force: true });
  }
  return null;
}

/** Resolves when the lock of `key` is gone (or stale). */
export async function waitForUnlock(options: LockOptions, key: string): Promise<void> {
  const file = lockPath(options.root, key);
  for (;;) {
    const info = await fs.stat(file).catch(() => null);
    if (!info || Date.now() - info.mtimeMs > options.staleMs) return;
    const pid = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && !isAlive(pid)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
