/**
 * A local disk that refuses writes (full, read-only): versions are answered from memory, the failure is told
 * once and remembered for a while, so the requests that follow do not try the disk again.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { until } from '../../testing/until.ts';
import { countedDownload } from '../testing/archiveDownloads.ts';
import { ContentStore } from './contentStore.ts';
import { LocalWrites, isLocalWriteError } from './localWrites.ts';
import type { BucketVersion, SharedFiles } from './sharedBucket.ts';
import { INDEX_FORMAT, readIndex, type VersionIndexFile } from './versionIndex.ts';
import { VersionStore } from './versionStore.ts';
import type { ArchiveDownload } from './versionStoreOptions.ts';

const diskFull = (): NodeJS.ErrnoException =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** A content store on a disk that is full: every blob it is asked to keep fails as the kernel would say. */
class FullDisk extends ContentStore {
  writes = 0;
  override async put(): Promise<void> {
    this.writes++;
    throw diskFull();
  }
  override async commit(): Promise<void> {
    this.writes++;
    throw diskFull();
  }
  override async putHashed(): Promise<void> {
    this.writes++;
    throw diskFull();
  }
}

const sha256 = (bytes: Buffer): { hex: string; b64: string } => {
  const digest = crypto.createHash('sha256').update(bytes).digest();
  return { hex: digest.toString('hex'), b64: digest.toString('base64') };
};

/** What the shared bucket would hand over for a version of one file. */
function bucketVersion(key: string, file: string, content: string): BucketVersion {
  const bytes = Buffer.from(content);
  const { hex, b64 } = sha256(bytes);
  const index: VersionIndexFile = {
    format: INDEX_FORMAT,
    key,
    files: [{ path: file, size: bytes.length, sha256: b64, sha256Hex: hex, time: '2020-01-01T00:00:00.000Z' }],
    default: file,
    manifest: null,
    extractedAt: '2020-01-01T00:00:00.000Z',
  };
  return { index, blobs: new Map([[hex, bytes]]) };
}

function fakeBucket(versions: Record<string, BucketVersion>): SharedFiles & { fetches: string[] } {
  const fetches: string[] = [];
  return {
    fetches,
    async fetch(key) {
      fetches.push(key);
      return versions[key] ?? null;
    },
    publish() {},
    async idle() {},
    async close() {},
  };
}

describe('a local disk that refuses writes', () => {
  let root: string;
  let now: number;
  let disk: FullDisk;
  let told: Array<{ code: string | undefined; key: string }>;
  let bucket: ReturnType<typeof fakeBucket>;
  let store: VersionStore;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'local-writes-'));
    disk = new FullDisk(root);
    await disk.init();
    now = 1_000_000;
    told = [];
    bucket = fakeBucket({
      'npm/held/1.0.0': bucketVersion('npm/held/1.0.0', '/index.js', 'export const held = 1;\n'),
      'npm/held/2.0.0': bucketVersion('npm/held/2.0.0', '/index.js', 'export const held = 2;\n'),
    });
    store = new VersionStore({
      root,
      content: disk,
      limitBytes: 1024 * 1024,
      shared: bucket,
      localWrites: new LocalWrites({ rememberMs: 30_000, now: () => now, onFailure: (error, key) => told.push({ code: error.code, key }) }),
    });
  });
  after(() => fs.rm(root, { recursive: true, force: true }));

  it('answers a version from the bucket from memory, and tells of the failure', async () => {
    const version = await store.get('npm/held/1.0.0', () => assert.fail('no registry download'));
    const file = version.byPath.get('/index.js');
    assert.ok(file?.content, 'the bytes are in the answer');
    assert.equal(file.content.toString(), 'export const held = 1;\n');
    assert.equal(sha256(file.content).b64, file.sha256);
    assert.deepEqual(told, [{ code: 'ENOSPC', key: 'npm/held/1.0.0' }]);
    assert.equal(disk.writes, 1, 'the first blob failed, the rest were not tried');
    assert.equal(await readIndex(root, 'npm/held/1.0.0'), null, 'no index names blobs that are not on the disk');
    // Served again from memory, with no new fetch.
    assert.equal(store.peek('npm/held/1.0.0'), version);
    assert.equal(
      (await store.get('npm/held/1.0.0', () => assert.fail('no download'))).byPath.get('/index.js')?.content?.toString(),
      'export const held = 1;\n',
    );
    assert.deepEqual(bucket.fetches, ['npm/held/1.0.0']);
  });

  it('does not try the disk again while the failure is remembered, nor tell of it again', async () => {
    now += 10_000;
    const version = await store.get('npm/held/2.0.0', () => assert.fail('no registry download'));
    assert.equal(version.byPath.get('/index.js')?.content?.toString(), 'export const held = 2;\n');
    assert.equal(disk.writes, 1);
    assert.equal(told.length, 1);
  });

  it('extracts a version only the registry has into memory, without trying the disk', async () => {
    const download = countedDownload({ '/package.json': '{"name":"fresh","version":"1.0.0"}', '/index.js': 'export const fresh = 1;\n' });
    const version = await store.get('npm/fresh/1.0.0', download);
    assert.equal(download.calls, 1);
    assert.equal(disk.writes, 1, 'the disk was not tried');
    assert.equal(version.byPath.get('/index.js')?.content?.toString(), 'export const fresh = 1;\n');
    assert.deepEqual(version.manifest, { name: 'fresh', version: '1.0.0' });
    assert.equal(version.default, '/index.js');
    assert.equal(told.length, 1);
  });

  it('keeps a few in-memory extractions at a time; beyond them a 503 says the cache is unavailable', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = (name: string): (() => Promise<ArchiveDownload>) => {
      const download = countedDownload({ '/package.json': `{"name":"${name}"}`, '/index.js': name });
      return async () => {
        await gate;
        return download();
      };
    };
    const names = ['m1', 'm2', 'm3', 'm4', 'm5'];
    const results = names.map((name) =>
      store.get(`npm/${name}/1.0.0`, slow(name)).then(
        (v) => v.byPath.get('/index.js')?.content?.toString(),
        (error: { status: number; message: string }) => error,
      ),
    );
    // The ones within the limit wait at the gate; the one beyond it is answered at once.
    let answered = 0;
    for (const result of results) void result.then(() => answered++);
    await until(() => answered === 1, { message: 'the extraction beyond the limit to be refused while the others wait', timeoutMs: 10_000, intervalMs: 5 });
    open();
    const settled = await Promise.all(results);
    const refused = settled.filter((r) => typeof r === 'object');
    assert.equal(refused.length, 1);
    assert.match((refused[0] as { message: string }).message, /^The file cache cannot store m\d@1\.0\.0 at the moment; try again shortly\.$/);
    assert.equal((refused[0] as { status: number }).status, 503);
    assert.equal(settled.filter((r) => typeof r === 'string').length, 4);
  });

  it('tries the disk again once the failure is forgotten: refused behind the answer, the version stays in memory without a second download', async () => {
    now += 30_000;
    const download = countedDownload({ '/package.json': '{"name":"late","version":"1.0.0"}', '/index.js': 'export const late = 1;\n' });
    const version = await store.get('npm/late/1.0.0', download);
    assert.equal(version.byPath.get('/index.js')?.content?.toString(), 'export const late = 1;\n');
    await store.writesSettled();
    assert.equal(download.calls, 1, 'answered from memory; the disk refused the files written behind');
    assert.ok(disk.writes > 1);
    assert.deepEqual(
      told.map((t) => t.key),
      ['npm/held/1.0.0', 'npm/late/1.0.0'],
    );
    assert.equal(await readIndex(root, 'npm/late/1.0.0'), null, 'no index names blobs that are not on the disk');
    const writes = disk.writes;
    assert.equal((await store.get('npm/late/1.0.0', download)).byPath.get('/index.js')?.content?.toString(), 'export const late = 1;\n');
    assert.equal(download.calls, 1);
    assert.equal(disk.writes, writes);
  });
});

describe('failures of the local disk', () => {
  it('are told apart from the network failing', () => {
    assert.equal(isLocalWriteError(diskFull()), true);
    assert.equal(isLocalWriteError(Object.assign(new Error('read-only'), { code: 'EROFS', syscall: 'open' })), true);
    assert.equal(isLocalWriteError(Object.assign(new Error('denied'), { code: 'EACCES', syscall: 'open' })), true);
    assert.equal(isLocalWriteError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED', syscall: 'connect' })), false);
    assert.equal(isLocalWriteError(Object.assign(new Error('denied'), { code: 'EACCES', syscall: 'connect' })), false);
    assert.equal(isLocalWriteError(new Error('plain')), false);
  });
});
