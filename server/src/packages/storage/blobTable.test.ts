/** The sweep's table of blobs: each hash one entry, found again by its bytes, however many the cache holds. */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { BlobTable, HASH_BYTES } from './blobTable.ts';

const hashOf = (content: string): Buffer => crypto.createHash('sha256').update(content).digest();

test('a hash is one entry, found again by its bytes wherever they lie, and named by its hex', () => {
  const table = new BlobTable();
  const a = hashOf('a');
  const entry = table.entry(a, 0);
  assert.equal(table.entry(Buffer.from(a), 0), entry, 'the same bytes in another buffer');
  const inside = Buffer.concat([hashOf('b'), a]);
  assert.equal(table.find(inside, HASH_BYTES), entry, 'at an offset');
  assert.equal(table.find(inside, 0), -1, 'another hash is not found');
  assert.equal(table.hex(entry), a.toString('hex'));
  assert.equal(table.count, 1);
  // New entries are named by no index, of no known size, and not on disk until the sweep says so.
  assert.deepEqual([table.refs[entry], table.sizes[entry], table.mtimes[entry], table.onDisk[entry]], [0, NaN, NaN, 0]);
});

test('hashes that share their first bytes (the same slot) are told apart', () => {
  const table = new BlobTable();
  const first = hashOf('x');
  const second = Buffer.from(first);
  second[HASH_BYTES - 1] = second[HASH_BYTES - 1]! ^ 1;
  const entries = [table.entry(first, 0), table.entry(second, 0)];
  assert.notEqual(entries[0], entries[1]);
  assert.deepEqual([table.find(first, 0), table.find(second, 0)], entries);
});

test('a table grown far past its first size keeps every entry and what the sweep wrote of it', () => {
  const table = new BlobTable(16);
  const count = 50_000;
  for (let i = 0; i < count; i++) {
    const entry = table.entry(hashOf(String(i)), 0);
    table.sizes[entry] = i;
    table.refs[entry] = i % 3;
  }
  assert.equal(table.count, count);
  for (const i of [0, 1, 15, 16, 17, 4095, 4096, count - 1]) {
    const entry = table.find(hashOf(String(i)), 0);
    assert.equal(table.hex(entry), hashOf(String(i)).toString('hex'));
    assert.deepEqual([table.sizes[entry], table.refs[entry]], [i, i % 3]);
  }
  assert.equal(table.find(hashOf('never added'), 0), -1);
});
