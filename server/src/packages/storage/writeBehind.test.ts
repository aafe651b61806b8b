/**
 * A never-seen version is answered from memory, and its files and index are written to the disk behind the
 * answer: the first byte does not wait for thousands of file writes. Until the index is on the disk, other
 * stores on the folder (other processes) wait for it rather than download the version again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { readStored } from '../storedFile.ts';
import { countedDownload } from '../testing/archiveDownloads.ts';
import { ContentStore } from './contentStore.ts';
import { readIndex } from './versionIndex.ts';
import { VersionStore } from './versionStore.ts';
import type { FleetLock } from './versionStoreOptions.ts';

const FILES = { '/package.json': '{"name":"behind","version":"1.0.0","main":"index.js"}', '/index.js': 'export const behind = 1;\n', '/lib/a.js': 'a\n' };

/** A content store whose writes of unpacked versions wait until the test opens the gate. */
class GatedDisk extends ContentStore {
  open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  override async putHashed(blobs: ReadonlyMap<string, Uint8Array>): Promise<void> {
    await this.gate;
    return super.putHashed(blobs);
  }
}

/** The fleet's download lock in memory, telling when a store starts waiting for it. */
function observedFleetLock(): FleetLock & { waiting: Promise<void> } {
  const held = new Map<string, Array<() => void>>();
  let startedWaiting!: () => void;
  const waiting = new Promise<void>((resolve) => (startedWaiting = resolve));
  return {
    ttlMs: 5_000,
    waiting,
    async tryLock(name) {
      if (held.has(name)) return null;
      held.set(name, []);
      return {
        async release() {
          const waiters = held.get(name) ?? [];
          held.delete(name);
          for (const wake of waiters) wake();
        },
      };
    },
    waitForUnlock(name) {
      const waiters = held.get(name);
      if (!waiters) return Promise.resolve();
      startedWaiting();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

let root: string;
before(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'write-behind-'));
});
after(() => fs.rm(root, { recursive: true, force: true }));

test(
  'a never-seen version is answered from memory, then written to the disk, where another store finds it without downloading',
  { timeout: 30_000 },
  async () => {
    const disk = new GatedDisk(root);
    await disk.init();
    const fleetLock = observedFleetLock();
    const store = new VersionStore({ root, content: disk, limitBytes: 1024 * 1024, fleetLock });
    const fetch = countedDownload(FILES, 'behind@1.0.0');
    const version = await store.get('npm/behind/1.0.0', fetch);
    const index = version.byPath.get('/index.js')!;
    assert.equal(index.content?.toString(), FILES['/index.js'], 'answered from the unpacked bytes');
    assert.equal(version.default, '/index.js');
    assert.equal(await readIndex(root, 'npm/behind/1.0.0'), null, 'nothing on the disk yet');

    // Another process on the folder waits for the write instead of downloading the version again.
    const otherContent = new ContentStore(root);
    await otherContent.init();
    const other = new VersionStore({ root, content: otherContent, limitBytes: 1024 * 1024, fleetLock });
    const otherFetch = countedDownload(FILES, 'behind@1.0.0');
    let otherDone = false;
    const theirs = other.get('npm/behind/1.0.0', otherFetch).finally(() => (otherDone = true));
    await fleetLock.waiting;
    assert.equal(otherDone, false, 'the other store waits for the download lock while the files are written');

    disk.open();
    await store.writesSettled();
    const onDisk = await readIndex(root, 'npm/behind/1.0.0');
    assert.deepEqual(
      onDisk?.files.map((f) => f.path),
      ['/index.js', '/lib/a.js', '/package.json'],
    );
    const stored = store.peek('npm/behind/1.0.0')!;
    assert.equal(stored.byPath.get('/index.js')?.content, undefined, 'served from the disk from now on');
    assert.equal(await fs.readFile(stored.byPath.get('/index.js')!.diskPath, 'utf8'), FILES['/index.js']);

    const found = await theirs;
    assert.equal(otherFetch.calls, 0, 'no second download');
    assert.equal((await readStored(found.byPath.get('/lib/a.js')!)).toString(), 'a\n');
    assert.equal(fetch.calls, 1);
  },
);
