/**
 * Files the package layer holds in memory (a never-seen version while its files are written behind its first
 * answers, or one the local disk refused): the CDN answers them from those bytes (whole, ranges, HEAD, 304,
 * compressed, minified), never from a cache path that does not exist.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { PackageRef, StoredFile } from '../packages/types.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { buildTestApp, type TestApp } from './testing/testApp.ts';

const BIG = `/* held */\n${'export const value = 42;\n'.repeat(2_000)}`;

/** The memory store, with every file's disk copy gone: only the bytes carried with it remain. */
class HeldStore extends MemoryPackageStore {
  override async file(ref: PackageRef, version: string, filePath: string): Promise<StoredFile | null> {
    const stored = await super.file(ref, version, filePath);
    if (!stored) return null;
    const content = Buffer.from(filePath === '/big.js' ? BIG : 'export const held = true;\n');
    return { ...stored, diskPath: '/nonexistent/blob', content };
  }
}

let t: TestApp;
let app: FastifyInstance;

before(async () => {
  const store = new HeldStore([
    {
      ref: { type: 'npm', name: 'held-lib' },
      tags: { latest: '1.0.0' },
      versions: { '1.0.0': { files: { '/index.js': 'export const held = true;\n', '/big.js': BIG } } },
    },
  ]);
  t = await buildTestApp(store);
  app = t.app;
});
after(async () => {
  await app.close();
  await t.log.close();
});

test('a held file is answered from memory, with its ETag, ranges and HEAD', async () => {
  const res = await app.inject('/npm/held-lib@1.0.0/index.js');
  assert.equal(res.statusCode, 200);
  assert.equal(res.body, 'export const held = true;\n');
  assert.equal(res.headers['content-length'], String(res.rawPayload.length));
  const etag = String(res.headers['etag']);
  assert.equal((await app.inject({ url: '/npm/held-lib@1.0.0/index.js', headers: { 'if-none-match': etag } })).statusCode, 304);

  const range = await app.inject({ url: '/npm/held-lib@1.0.0/index.js', headers: { range: 'bytes=7-11' } });
  assert.equal(range.statusCode, 206);
  assert.equal(range.body, 'const');
  assert.equal(range.headers['content-range'], `bytes 7-11/${res.rawPayload.length}`);

  const head = await app.inject({ method: 'HEAD', url: '/npm/held-lib@1.0.0/index.js' });
  assert.equal(head.statusCode, 200);
  assert.equal(head.body, '');
});

test('a large compressible held file is compressed from its bytes in memory, never from the missing cache path', async () => {
  const res = await app.inject({ url: '/npm/held-lib@1.0.0/big.js', headers: { 'accept-encoding': 'gzip, br' } });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-encoding'], 'br');
  assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), BIG);
  const minified = await app.inject('/npm/held-lib@1.0.0/big.min.js');
  assert.equal(minified.statusCode, 200, minified.body);
  assert.match(minified.body, /42/);
});
