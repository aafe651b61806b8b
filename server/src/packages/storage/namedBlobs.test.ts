import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { HASH_BYTES } from './blobTable.ts';
import { NamedBlobsMemory, namedCount, type IndexFile, type NamedBlobs } from './namedBlobs.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

const hex = (content: string): string => crypto.createHash('sha256').update(content).digest('hex');

function writeIndex(file: string, entries: Array<{ sha256Hex?: unknown; size?: unknown }>): IndexFile {
  // Written and renamed into place, as the store writes an index: a new file, with an inode of its own.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ format: 1, files: entries.map((entry, i) => ({ path: `/${i}`, ...entry })) }));
  fs.renameSync(`${file}.tmp`, file);
  const info = fs.statSync(file);
  return { file, size: info.size, ino: info.ino };
}

/** Each hash an index names, in hex (the blob's name), with its stated size. */
const listed = (blobs: NamedBlobs): Array<[string, number]> =>
  Array.from({ length: namedCount(blobs) }, (_, i) => [blobs.hashes.toString('hex', i * HASH_BYTES, (i + 1) * HASH_BYTES), blobs.sizes[i]!]);

test('an index names each of its blobs once, with the size it states (NaN where it states none), and nothing that is not a hash', () => {
  const dir = temporaryFolder('named-blobs');
  const index = writeIndex(path.join(dir, 'a.json'), [
    { sha256Hex: hex('a'), size: 1 },
    { sha256Hex: hex('b') },
    { sha256Hex: hex('a'), size: 1 },
    { sha256Hex: '../../escape', size: 5 },
    { size: 3 },
  ]);
  const blobs = new NamedBlobsMemory().of(index);
  assert.deepEqual(listed(blobs), [
    [hex('a'), 1],
    [hex('b'), NaN],
  ]);
});

test('an index is read once while it is the same file; a new file in its place, or one that was not whole, is read again', () => {
  const dir = temporaryFolder('named-blobs');
  const file = path.join(dir, 'v.json');
  const memory = new NamedBlobsMemory();
  const first = writeIndex(file, [{ sha256Hex: hex('one'), size: 3 }]);
  assert.deepEqual(listed(memory.of(first)), [[hex('one'), 3]]);
  memory.forgetOthers();

  // The same file (path, inode and size) is not read again: its content changes only by a new file.
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(hex('one'), hex('two')));
  assert.deepEqual(listed(memory.of(first)), [[hex('one'), 3]]);
  memory.forgetOthers();

  const replaced = writeIndex(file, [{ sha256Hex: hex('three'), size: 5 }]);
  assert.deepEqual(listed(memory.of(replaced)), [[hex('three'), 5]]);
  memory.forgetOthers();

  // Not whole (the same length as the index it becomes, so that only its content tells them apart).
  const whole = JSON.stringify({ files: [{ sha256Hex: hex('mended'), size: 6 }] });
  const broken = path.join(dir, 'broken.json');
  fs.writeFileSync(broken, `${whole.slice(0, -2)}  `);
  const brokenIndex = { file: broken, size: fs.statSync(broken).size, ino: fs.statSync(broken).ino };
  assert.equal(namedCount(memory.of(brokenIndex)), 0);
  memory.forgetOthers();
  // Mended in place (same path, inode and size): a failed read was not remembered.
  fs.writeFileSync(broken, whole);
  assert.deepEqual(listed(memory.of(brokenIndex)), [[hex('mended'), 6]]);
});

test('what a sweep did not see is forgotten: an index seen again after that is read from disk', () => {
  const dir = temporaryFolder('named-blobs');
  const file = path.join(dir, 'v.json');
  const memory = new NamedBlobsMemory();
  const index = writeIndex(file, [{ sha256Hex: hex('kept'), size: 4 }]);
  memory.of(index);
  memory.forgetOthers();
  // A sweep that did not see it (the version went, and came back as the same inode and size).
  memory.forgetOthers();
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(hex('kept'), hex('back')));
  assert.deepEqual(listed(memory.of(index)), [[hex('back'), 4]]);
});
