/**
 * A CDN process keeps the blob path of every file it served while the file's version is in memory: tens of
 * thousands in the long-tail soak. Each must cost about its own length, not the pieces it was made from.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { blobHashOf, blobPathIn } from './blobPaths.ts';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

function heapUsed(): number {
  collect();
  collect();
  return v8.getHeapStatistics().used_heap_size;
}

test("a blob's path names its hash, and gives it back", () => {
  const hex = crypto.createHash('sha256').update('blob').digest('hex');
  const blobPath = blobPathIn('/var/cache/skylift/blobs', hex);
  assert.equal(blobPath, `/var/cache/skylift/blobs/${hex.slice(0, 2)}/${hex.slice(2)}`);
  assert.equal(blobHashOf(blobPath), Buffer.from(hex, 'hex').toString('base64'));
});

test('a kept blob path costs its own characters, not the hash and the pieces it was made from', () => {
  const blobDir = path.join('/var/cache/skylift-long-tail-data', 'cache', 'blobs');
  const count = 20_000;
  const kept: string[] = [];
  const before = heapUsed();
  for (let i = 0; i < count; i++) kept.push(blobPathIn(blobDir, crypto.createHash('sha256').update(String(i)).digest('hex')));
  const perPath = (heapUsed() - before) / count;
  // One piece: a string header and one byte a character (98 here), and the list's slot.
  const flat = 16 + kept[0]!.length + 8;
  assert.ok(perPath < flat * 1.3, `${perPath.toFixed(0)} bytes a path, against ${flat} in one piece`);
  assert.equal(new Set(kept).size, count);
});
