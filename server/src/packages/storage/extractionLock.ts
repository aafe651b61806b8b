/**
 * Coalescing across processes: the first process to want a version takes its lock file (created
 * exclusively in the shared folder) and downloads it; the others wait for the lock to go and then read
 * what it left (the version's index, or its refusal). A lock whose process is gone, or older than the
 * longest a download may take, is taken over.
 *
 * A lock file appears with its holder's pid already in it: the pid is written to a draft first, and the draft
 * is linked to the lock's name (which fails when the name exists). A lock created empty and written after
 * would name no holder when its process was killed between the two steps, and every process would then wait
 * for it until it went stale, ten minutes, while that version's requests timed out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './crashRecovery.ts';

const POLL_MS = 50;
/**
 * A lock naming no holder (left half written by an earlier release of the product) is taken over once this
 * old: its writer would have written the pid within milliseconds.
 */
const UNNAMED_STALE_MS = 2_000;

export interface LockOptions {
  root: string;
  /** A lock older than this is stale whoever holds it. */
  staleMs: number;
}

const lockPath = (root: string, key: string): string => path.join(root, 'locks', `${crypto.createHash('sha256').update(key).digest('hex')}.lock`);

/** Where lock files are written before they are linked to their name; `<pid>-<random>`, removed at start-up when their process is gone. */
export const lockDraftsDir = (root: string): string => path.join(root, 'locks', 'drafts');

/** Creates `file` holding this process's pid, or returns false when it exists. */
async function createNamed(root: string, file: string): Promise<boolean> {
  const draft = path.join(lockDraftsDir(root), `${process.pid}-${crypto.randomBytes(8).toString('hex')}`);
  await fs.mkdir(path.dirname(draft), { recursive: true });
  await fs.writeFile(draft, String(process.pid));
  try {
    await fs.link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
}

/** Whether the lock file's holder is gone or it is too old to trust; `info` is its stat. */
function isStale(options: LockOptions, holder: string, info: { mtimeMs: number }): boolean {
  const age = Date.now() - info.mtimeMs;
  if (age > options.staleMs) return true;
  const pid = Number.parseInt(holder, 10);
  if (!Number.isInteger(pid)) return age > UNNAMED_STALE_MS;
  return pid !== process.pid && !isAlive(pid);
}

/** Takes the lock of `key`, or returns null when another live process holds it. */
export async function tryLock(options: LockOptions, key: string): Promise<(() => Promise<void>) | null> {
  const file = lockPath(options.root, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await createNamed(options.root, file)) return () => fs.rm(file, { force: true });
    const [holder, info] = await Promise.all([fs.readFile(file, 'utf8').catch(() => ''), fs.stat(file).catch(() => null)]);
    if (!info) continue;
    if (!isStale(options, holder, info)) return null;
    await fs.rm(file, { force: true });
  }
  return null;
}

/** Resolves when the lock of `key` is gone (or stale). */
export async function waitForUnlock(options: LockOptions, key: string): Promise<void> {
  const file = lockPath(options.root, key);
  for (;;) {
    const info = await fs.stat(file).catch(() => null);
    if (!info) return;
    const holder = await fs.readFile(file, 'utf8').catch(() => null);
    if (holder === null || isStale(options, holder, info)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
