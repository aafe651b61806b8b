import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { deadPid } from '../../testing/childProcesses.ts';
import { ContentStore } from './contentStore.ts';
import { indexPath } from './versionIndex.ts';

const hex = (content: string): string => crypto.createHash('sha256').update(content).digest('hex');

function writeBlob(blobDir: string, name: string, content: string): string {
  const file = path.join(blobDir, name.slice(0, 2), name.slice(2));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

test('after a process that did not close, blobs whose content does not match their name go, with the indexes naming them', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-'));
  try {
    const first = new ContentStore(root);
    await first.init();
    const good = hex('console.log(1)');
    const truncated = hex('the whole file');
    const goodFile = writeBlob(first.blobDir, good, 'console.log(1)');
    // What a power loss after a rename without fsync leaves: the real name over empty content.
    const badFile = writeBlob(first.blobDir, truncated, '');
    const goodIndex = indexPath(root, 'npm/kept/1.0.0');
    const badIndex = indexPath(root, 'npm/broken/1.0.0');
    for (const [file, key, sha] of [
      [goodIndex, 'npm/kept/1.0.0', good],
      [badIndex, 'npm/broken/1.0.0', truncated],
    ] as const) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        JSON.stringify({
          format: 1,
          key,
          files: [{ path: '/a.js', size: 1, sha256: '', time: '', sha256Hex: sha }],
          default: null,
          manifest: null,
          extractedAt: '',
        }),
      );
    }
    // The first store's process "dies": its marker stays, under a pid that no longer runs.
    const dead = deadPid();
    fs.renameSync(path.join(root, 'running', String(process.pid)), path.join(root, 'running', String(dead)));
    // ... in an earlier boot of the machine: a power loss.
    const marker = path.join(root, 'running', String(dead));
    fs.writeFileSync(marker, `${fs.readFileSync(marker, 'utf8').split(' ')[0]} an-earlier-boot`);
    const liveStaging = path.join(first.stagingDir, `${process.ppid}-live`);
    const deadStaging = path.join(first.stagingDir, `${dead}-gone`);
    fs.mkdirSync(liveStaging);
    fs.mkdirSync(deadStaging);

    const second = new ContentStore(root);
    const report = await second.init();
    assert.notEqual(report.since, null);
    assert.equal(report.removedBlobs, 1);
    assert.equal(report.removedIndexes, 1);
    assert.ok(fs.existsSync(goodFile), 'a blob that matches its name stays');
    assert.ok(!fs.existsSync(badFile), 'a blob that does not match its name is never served');
    assert.ok(fs.existsSync(goodIndex));
    assert.ok(!fs.existsSync(badIndex), 'its version is extracted again on its next request');
    assert.ok(fs.existsSync(liveStaging), 'a live process keeps its extraction folder');
    assert.ok(!fs.existsSync(deadStaging));

    // A clean close leaves nothing to check on the next start.
    await second.close();
    const third = new ContentStore(root);
    assert.equal((await third.init()).since, null);
    await third.close();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('after a process killed while the machine kept running, nothing is hashed again: every blob was renamed over a whole file', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-'));
  try {
    const first = new ContentStore(root);
    await first.init();
    writeBlob(first.blobDir, hex('console.log(2)'), 'console.log(2)');
    const dead = deadPid();
    fs.renameSync(path.join(root, 'running', String(process.pid)), path.join(root, 'running', String(dead)));
    const second = new ContentStore(root);
    const report = await second.init();
    assert.notEqual(report.since, null, 'the process that did not close is noticed');
    assert.equal(report.checkedBlobs, 0);
    assert.ok(!fs.existsSync(path.join(root, 'running', String(dead))), 'its marker goes');
    await second.close();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
