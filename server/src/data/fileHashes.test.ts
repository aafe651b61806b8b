import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openSqliteEngine } from '../stats/sql/sqliteEngine.ts';
import type { SqlEngine } from '../stats/sql/engine.ts';
import { FileHashIndex } from './fileHashes.ts';

const digest = (content: string): { base64: string; hex: string } => {
  const hash = crypto.createHash('sha256').update(content);
  const bytes = hash.digest();
  return { base64: bytes.toString('base64'), hex: bytes.toString('hex') };
};

let dir: string;
let engine: SqlEngine;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-hashes-'));
  engine = openSqliteEngine(path.join(dir, 'stats.sqlite'), { queryPool: false });
});
after(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a file is found by the hex SHA-256 of its content, and a hash keeps the first place it was seen', async () => {
  const hashes = await FileHashIndex.open(engine);
  const a = digest('export default 1;');
  await hashes.record('npm', 'first', '1.0.0', [{ path: '/index.js', sha256: a.base64 }]);
  // The same content in a later version or another package does not move the hash.
  await hashes.record('npm', 'second', '2.0.0', [{ path: '/dist/copy.js', sha256: a.base64 }]);
  assert.deepEqual(await hashes.lookup(a.hex), { type: 'npm', name: 'first', version: '1.0.0', file: '/index.js' });
  assert.equal(await hashes.lookup(digest('never listed').hex), undefined);
});

test('a listing of more files than one insert carries is recorded whole, and opening the index again keeps it', async () => {
  const files = Array.from({ length: 1_001 }, (_, n) => ({ path: `/file-${n}.js`, sha256: digest(`file ${n}`).base64 }));
  await (await FileHashIndex.open(engine)).record('gh', 'owner/repo', 'v1', files);
  const reopened = await FileHashIndex.open(engine);
  for (const n of [0, 399, 400, 1_000]) {
    assert.deepEqual(await reopened.lookup(digest(`file ${n}`).hex), { type: 'gh', name: 'owner/repo', version: 'v1', file: `/file-${n}.js` });
  }
});
