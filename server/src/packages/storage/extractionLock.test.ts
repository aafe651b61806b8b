/**
 * The download lock of a version is left by a killed process in a state the next process can judge: either no
 * lock, or one naming its dead holder, taken over at once. A lock naming nobody had held up every request for
 * its version for ten minutes (the lock's staleness), as requests to a few versions timed out after CDN
 * processes were killed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ContentStore } from './contentStore.ts';
import { lockDraftsDir, tryLock, waitForUnlock } from './extractionLock.ts';

const CHURN = path.join(import.meta.dirname, '..', 'testing', 'lockChurn.ts');
const options = (root: string) => ({ root, staleMs: 10 * 60_000 });

let root: string;
before(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'extraction-lock-'));
});
after(() => fs.rm(root, { recursive: true, force: true }));

/** Starts a process churning the lock of `key`, kills it (SIGKILL) `afterMs` after it first held it, and waits for it to be gone. */
async function killMidChurn(key: string, afterMs: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHURN, root, key], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the churning process ended early (${code})`)));
  });
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

test('a process killed at any step of taking a download lock leaves it free for the next process at once', { timeout: 120_000 }, async () => {
  for (let round = 0; round < 12; round++) {
    const key = `npm/churned/1.0.${round}`;
    await killMidChurn(key, 20 + round * 7);
    const started = performance.now();
    const freed = await Promise.race([waitForUnlock(options(root), key).then(() => true), new Promise((resolve) => setTimeout(resolve, 5_000, false))]);
    assert.ok(freed, `round ${round}: still locked 5 s after its holder was killed`);
    const release = await tryLock(options(root), key);
    const waited = performance.now() - started;
    assert.ok(release, `round ${round}: the lock is taken over`);
    assert.ok(waited < 1_000, `round ${round}: taken over after ${waited.toFixed(0)} ms, not when the lock goes stale`);
    await release();
  }
});

test('a lock naming no holder, as an earlier release could leave it, is taken over within seconds', { timeout: 30_000 }, async () => {
  const key = 'npm/unnamed/1.0.0';
  assert.ok(await tryLock(options(root), key));
  const [file] = (await fs.readdir(path.join(root, 'locks'))).filter((name) => name.endsWith('.lock'));
  const lockFile = path.join(root, 'locks', file!);
  await fs.writeFile(lockFile, '');
  assert.equal(await tryLock(options(root), key), null, 'a fresh unnamed lock is respected: its writer may be about to name itself');
  const old = new Date(Date.now() - 3_000);
  await fs.utimes(lockFile, old, old);
  const started = performance.now();
  await waitForUnlock(options(root), key);
  assert.ok(performance.now() - started < 1_000);
  assert.ok(await tryLock(options(root), key), 'taken over');
});

test('drafts of locks left by processes that are gone are removed at start-up; those of live processes stay', async () => {
  const drafts = lockDraftsDir(root);
  await fs.mkdir(drafts, { recursive: true });
  await fs.writeFile(path.join(drafts, '999999-deadbeef'), '999999');
  // Another live process sharing the folder (this one's parent stands for it), mid-way through taking a lock.
  await fs.writeFile(path.join(drafts, `${process.ppid}-cafe`), String(process.ppid));
  await new ContentStore(root).init();
  const left = await fs.readdir(drafts);
  assert.deepEqual(left, [`${process.ppid}-cafe`]);
});
