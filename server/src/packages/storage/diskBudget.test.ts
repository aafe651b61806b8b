import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { deadPid } from '../../testing/childProcesses.ts';
import { sweep } from './diskBudget.ts';
import { indexPath } from './versionIndex.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

const hex = (content: string): string => crypto.createHash('sha256').update(content).digest('hex');
const MINUTE = 60_000;

function setTime(file: string, ms: number): void {
  fs.utimesSync(file, new Date(ms), new Date(ms));
}

/** A version of `contents` (one blob each) whose index was last used `ageMs` ago. */
function addVersion(root: string, key: string, contents: string[], ageMs: number): string {
  const hashes = contents.map((content) => {
    const name = hex(content);
    const file = path.join(root, 'blobs', name.slice(0, 2), name.slice(2));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    setTime(file, Date.now() - ageMs);
    return name;
  });
  const file = indexPath(root, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({ format: 1, key, files: hashes.map((h, i) => ({ path: `/${i}`, size: contents[i]!.length, sha256: '', time: '', sha256Hex: h })) }),
  );
  setTime(file, Date.now() - ageMs);
  return file;
}

const blobExists = (root: string, content: string): boolean => fs.existsSync(path.join(root, 'blobs', hex(content).slice(0, 2), hex(content).slice(2)));

test('over its budget, the cache drops whole versions and generated files, least recently used first, keeping shared blobs and recent entries', async () => {
  const base = temporaryFolder('budget');
  const root = path.join(base, 'packages');
  const generated = path.join(base, 'generated');
  try {
    const shared = 'S'.repeat(1000);
    const oldest = addVersion(root, 'npm/oldest/1.0.0', ['A'.repeat(3000), shared], 120 * MINUTE);
    const middle = addVersion(root, 'npm/middle/1.0.0', ['B'.repeat(3000), shared], 60 * MINUTE);
    const recent = addVersion(root, 'npm/recent/1.0.0', ['C'.repeat(3000)], 1 * MINUTE);
    // A generated file (sidecar and part) last used 90 minutes ago.
    fs.mkdirSync(path.join(generated, 'min', 'ab'), { recursive: true });
    const sidecar = path.join(generated, 'min', 'ab', 'abcd.json');
    const part = path.join(generated, 'min', 'ab', 'abcd.code');
    fs.writeFileSync(part, 'G'.repeat(2000));
    fs.writeFileSync(sidecar, '{"parts":{}}');
    setTime(part, Date.now() - 90 * MINUTE);
    setTime(sidecar, Date.now() - 90 * MINUTE);

    // Everything: blobs of 3000 * 3 + 1000 bytes, the generated file's 2000 + 12 and the three indexes. A budget
    // whose 75 % (where a sweep stops) is just above what is left without the two least recently used entries:
    // those two go, in order.
    const sizeOf = (file: string): number => fs.statSync(file).size;
    const indexes = sizeOf(oldest) + sizeOf(middle) + sizeOf(recent);
    const report = await sweep({ root, generatedDirs: [generated], budgetBytes: Math.ceil((7000 + sizeOf(middle) + sizeOf(recent) + 50) / 0.75) });
    assert.equal(report.swept, true);
    assert.equal(report.before, 12_012 + indexes);
    assert.equal(report.after, 7000 + sizeOf(middle) + sizeOf(recent));
    assert.ok(!fs.existsSync(oldest), 'the least recently used version goes first');
    assert.ok(!blobExists(root, 'A'.repeat(3000)));
    assert.ok(!fs.existsSync(sidecar) && !fs.existsSync(part), 'then the generated file, sidecar and part together');
    assert.equal(report.evictedVersions, 1);
    assert.equal(report.evictedGenerated, 1);
    assert.equal(report.removedFiles, 4, 'what it removed: an index, its own blob, a sidecar and a part');
    assert.ok(report.removalMs >= 0 && report.removalMs <= report.durationMs);
    const record = JSON.parse(fs.readFileSync(path.join(root, 'sweep.json'), 'utf8')) as { removedFiles: number };
    assert.equal(record.removedFiles, 4, "the sweep's record says so too, for whoever watches the disk");
    assert.ok(fs.existsSync(middle));
    assert.ok(blobExists(root, shared), 'a blob another version names stays');
    assert.ok(fs.existsSync(recent));

    assert.equal(report.pressed, false);

    // A budget nothing old enough can meet: the budget is a limit, so entries used within the grace period go
    // too once nothing older is left, least recently used first.
    const recentIndex = sizeOf(recent);
    const tight = await sweep({ root, generatedDirs: [generated], budgetBytes: 4500 });
    assert.ok(!fs.existsSync(middle));
    assert.ok(!blobExists(root, shared), 'the last version naming it is gone');
    assert.ok(fs.existsSync(recent), 'the cache fits once the older version went: the one used a minute ago stays');
    assert.equal(tight.after, 3000 + recentIndex);
    assert.equal(tight.pressed, false);
    const tighter = await sweep({ root, generatedDirs: [generated], budgetBytes: 2000 });
    assert.equal(tighter.pressed, true);
    assert.ok(!fs.existsSync(recent), 'used a minute ago, but over the budget: gone');
    assert.ok(!blobExists(root, 'C'.repeat(3000)));
    assert.equal(tighter.after, 0);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});

test('one process sweeps at a time', async () => {
  const root = temporaryFolder('budget-lock');
  try {
    fs.writeFileSync(path.join(root, 'sweep.lock'), '1');
    assert.equal((await sweep({ root, generatedDirs: [], budgetBytes: 1 })).swept, false);
    // A sweeper killed mid-sweep leaves its lock: the next sweep takes it over at once.
    const gone = deadPid();
    fs.writeFileSync(path.join(root, 'sweep.lock'), String(gone));
    assert.equal((await sweep({ root, generatedDirs: [], budgetBytes: 1 })).swept, true);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('files taken out of versions over their size limit are named by their record: kept past an hour, evicted with it', async () => {
  const root = temporaryFolder('budget-singles');
  try {
    const singles = path.join(root, 'singles');
    const older = addVersion(singles, 'npm/huge/1.0.0', ['H'.repeat(3000)], 120 * MINUTE);
    const newer = addVersion(singles, 'npm/huge/2.0.0', ['I'.repeat(3000)], 90 * MINUTE);
    // addVersion put the blobs beside the record; the store keeps them with every other blob.
    fs.renameSync(path.join(singles, 'blobs'), path.join(root, 'blobs'));
    const roomy = await sweep({ root, generatedDirs: [], budgetBytes: 100_000 });
    assert.equal(roomy.removedOrphans, 0, 'two hours old, but named');
    assert.ok(blobExists(root, 'H'.repeat(3000)) && blobExists(root, 'I'.repeat(3000)));
    const tight = await sweep({ root, generatedDirs: [], budgetBytes: 4500 });
    assert.ok(!fs.existsSync(older) && !blobExists(root, 'H'.repeat(3000)), 'the least recently used record goes, with its file');
    assert.ok(fs.existsSync(newer) && blobExists(root, 'I'.repeat(3000)));
    assert.equal(tight.evictedVersions, 1);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a blob written again since it was last named (an extraction renamed the same content into place) stays when the version it was scanned with goes', async () => {
  const root = temporaryFolder('budget');
  // An old version of two files; one of its files was just stored again by a newer extraction, whose index the
  // sweep had not seen yet.
  addVersion(root, 'npm/old-lib/1.0.0', ['old and alone', 'shared with a newer version'], 10 * MINUTE);
  const rewritten = path.join(root, 'blobs', hex('shared with a newer version').slice(0, 2), hex('shared with a newer version').slice(2));
  setTime(rewritten, Date.now());
  const report = await sweep({ root, generatedDirs: [], budgetBytes: 1 });
  assert.equal(report.evictedVersions, 1);
  assert.equal(blobExists(root, 'old and alone'), false);
  assert.equal(blobExists(root, 'shared with a newer version'), true, 'the blob the newer version names is kept');
});

test('a blob no index names (left by an extraction that failed) counts against the budget, and goes once it is an hour old', async () => {
  const root = temporaryFolder('budget-orphans');
  try {
    const index = addVersion(root, 'npm/kept/1.0.0', ['K'.repeat(500)], 10 * MINUTE);
    const blob = (content: string, ageMs: number): string => {
      const file = path.join(root, 'blobs', hex(content).slice(0, 2), hex(content).slice(2));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      setTime(file, Date.now() - ageMs);
      return file;
    };
    const young = blob('Y'.repeat(700), 30 * MINUTE);
    const old = blob('O'.repeat(900), 90 * MINUTE);
    const report = await sweep({ root, generatedDirs: [], budgetBytes: 1_000_000 });
    assert.equal(report.before, 500 + 700 + 900 + fs.statSync(index).size, 'named and unnamed blobs are all counted');
    assert.equal(report.removedOrphans, 1);
    assert.ok(!fs.existsSync(old), 'an hour old and named by no index: gone');
    assert.ok(fs.existsSync(young), 'half an hour old: its index may still be on the way');
    assert.ok(fs.existsSync(index) && blobExists(root, 'K'.repeat(500)));
    assert.equal(report.after, 500 + 700 + fs.statSync(index).size);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
