/**
 * Loaded versions are kept in memory within a budget in bytes, each file as one small object that works out
 * its blob path when asked: the file lists of thousands of versions had taken most of a CDN process's memory.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { readStored } from '../storedFile.ts';
import { countedDownload } from '../testing/archiveDownloads.ts';
import { ContentStore } from './contentStore.ts';
import { approximateBytes } from './versionIndex.ts';
import { VersionStore } from './versionStore.ts';

const filesOf = (name: string): Record<string, string> => {
  const files: Record<string, string> = { '/package.json': JSON.stringify({ name, version: '1.0.0' }) };
  for (let i = 0; i < 200; i++) files[`/lib/file-${i}.js`] = `export const ${name.replace(/-/g, '_')}${i} = ${i};\n`;
  return files;
};

let root: string;
let content: ContentStore;
before(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'version-memory-'));
  content = new ContentStore(root);
  await content.init();
});
after(() => fs.rm(root, { recursive: true, force: true }));

test('a loaded file names its blob and lists as its entry alone', async () => {
  const store = new VersionStore({ root, content, limitBytes: 10 * 1024 * 1024 });
  const version = await store.get('npm/listed/1.0.0', countedDownload(filesOf('listed'), 'listed@1.0.0'));
  await store.writesSettled();
  const stored = store.peek('npm/listed/1.0.0')!;
  const file = stored.byPath.get('/lib/file-7.js')!;
  assert.equal(file.content, undefined, 'read from the disk');
  assert.equal(file.diskPath, content.blobPath(Buffer.from(file.sha256, 'base64').toString('hex')));
  assert.equal((await readStored(file)).toString(), 'export const listed7 = 7;\n');
  const listed = JSON.parse(JSON.stringify(stored.files.find((f) => f.path === '/lib/file-7.js')));
  assert.deepEqual(Object.keys(listed).sort(), ['path', 'sha256', 'size', 'time'], 'a listing carries no cache path');
  assert.equal(version.files.length, 201);
});

test('versions beyond the memory budget leave the memory and are read back from the disk, not downloaded again', async () => {
  const probe = new VersionStore({ root, content, limitBytes: 10 * 1024 * 1024 });
  await probe.get('npm/probe/1.0.0', countedDownload(filesOf('probe'), 'probe@1.0.0'));
  await probe.writesSettled();
  const oneVersion = approximateBytes(probe.peek('npm/probe/1.0.0')!);

  const store = new VersionStore({ root, content, limitBytes: 10 * 1024 * 1024, maxBytesInMemory: Math.round(oneVersion * 2.5) });
  const downloads = ['first', 'second', 'third'].map((name) => [name, countedDownload(filesOf(name), `${name}@1.0.0`)] as const);
  for (const [name, download] of downloads) {
    await store.get(`npm/${name}/1.0.0`, download);
    await store.writesSettled();
  }
  assert.equal(store.peek('npm/first/1.0.0'), undefined, 'the least recently used left the memory');
  assert.ok(store.peek('npm/third/1.0.0'));
  const again = await store.get('npm/first/1.0.0', downloads[0]![1]);
  assert.equal((await readStored(again.byPath.get('/lib/file-3.js')!)).toString(), 'export const first3 = 3;\n');
  assert.deepEqual(
    downloads.map(([, download]) => download.calls),
    [1, 1, 1],
  );
});
