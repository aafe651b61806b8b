/**
 * A package document of megabytes is parsed off the serving thread: while it is read, the process goes on
 * answering others. In place, a document of thousands of versions held every request of the process for a
 * hundred milliseconds and more.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { readBody } from '../upstream/fetchUpstream.ts';
import { createPackageMetrics } from '../upstream/metrics.ts';
import { approximateBytes, parseNpmDocument } from './npmDocument.ts';
import { createRegistryClient, type RegistryClient } from './registryClient.ts';
import { createDiskDocuments } from '../documents/diskDocuments.ts';
import { npmDiskForm, npmDocumentBytes, parseNpmDocumentBytes } from './documentThreads.ts';

const VERSIONS = 20_000;

/** A registry document of VERSIONS versions with what the registry sends beside their tarballs: about 10 MB. */
function hugeDocument(): string {
  const versions: Record<string, unknown> = {};
  for (let i = 0; i < VERSIONS; i++) {
    const version = `${Math.floor(i / 100)}.${i % 100}.0`;
    versions[version] = {
      name: 'huge',
      version,
      dependencies: { 'left-pad': '^1.0.0', 'right-pad': '^2.0.0' },
      engines: { node: '>=18' },
      dist: {
        tarball: `http://registry.invalid/huge/-/huge-${version}.tgz`,
        integrity: `sha512-${Buffer.alloc(64, i % 251).toString('base64')}`,
        shasum: 'a'.repeat(40),
        unpackedSize: 1000 + i,
      },
    };
  }
  return JSON.stringify({ name: 'huge', 'dist-tags': { latest: '199.99.0' }, versions });
}

let server: http.Server;
let client: RegistryClient;
let huge: string;
before(async () => {
  huge = hugeDocument();
  server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/huge') response.end(huge);
    else if (request.url === '/garbled') response.end(`{"name":"garbled","versions":{${' '.repeat(512 * 1024)}`);
    else response.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createRegistryClient({ registry: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 30_000, metrics: createPackageMetrics() });
});
after(() => new Promise((resolve) => server.close(resolve)));

test('a document of 20,000 versions is parsed off the serving thread, which goes on at once', { timeout: 60_000 }, async () => {
  const body = Buffer.from(huge);
  // Warm: the thread's start and the first compile are not what is measured.
  await parseNpmDocumentBytes(body, 'huge');
  // The best of three each, so that a collection or a moment of another test's load does not decide.
  let held = Infinity;
  let inPlace = Infinity;
  for (let round = 0; round < 3; round++) {
    const asked = performance.now();
    const pending = parseNpmDocumentBytes(body, 'huge');
    held = Math.min(held, performance.now() - asked);
    const doc = await pending;
    assert.equal(doc?.order.length, VERSIONS);
    const inPlaceStarted = performance.now();
    parseNpmDocument(JSON.parse(huge), 'huge');
    inPlace = Math.min(inPlace, performance.now() - inPlaceStarted);
  }
  assert.ok(held < inPlace / 4, `the serving thread was held ${held.toFixed(1)} ms; parsing in place takes ${inPlace.toFixed(1)} ms`);
});

test('a body read for a thread is in shared memory, whether its length was announced, kept to or not; others in memory of their own', async () => {
  const text = '{"name":"a","description":"' + 'x'.repeat(100) + '"}';
  const response = (length?: number) => ({
    status: 200,
    headers: new Headers(length === undefined ? {} : { 'content-length': String(length) }),
    body: Readable.from([Buffer.from(text.slice(0, 10)), Buffer.from(text.slice(10, 50)), Buffer.from(text.slice(50))]),
    done: () => {},
  });
  for (const length of [text.length, undefined, text.length - 20, text.length + 20]) {
    const shared = await readBody(response(length), 'a document', { shared: true });
    assert.ok(shared.buffer instanceof SharedArrayBuffer);
    assert.equal(shared.toString(), text, `announced ${length}`);
  }
  const own = await readBody(response(text.length), 'an answer');
  assert.ok(!(own.buffer instanceof SharedArrayBuffer));
  assert.equal(own.toString(), text);
  await assert.rejects(readBody(response(text.length), 'a document', { maxBytes: 40, shared: true }), { status: 502 });
  await assert.rejects(readBody(response(20), 'a document', { maxBytes: 40, shared: true }), { status: 502 });
});

test('the registry client reads a document of 20,000 versions whole', { timeout: 60_000 }, async () => {
  const doc = await client.document('huge', 'abbreviated');
  assert.equal(doc.order.length, VERSIONS);
  assert.equal(doc.order[0], '199.99.0');
  assert.deepEqual(doc.distTags, { latest: '199.99.0' });
  assert.equal(doc.versions['3.7.0']?.tarball, 'http://registry.invalid/huge/-/huge-3.7.0.tgz');
  assert.equal(doc.versions['3.7.0']?.unpackedSize, 1307);
});

test('a large document that is not JSON is the registry failing, as a small one is', async () => {
  await assert.rejects(client.document('garbled', 'abbreviated'), { status: 502, message: 'Failed to fetch version info for garbled from the upstream.' });
});

test('the disk copy of a document of 20,000 versions is written by the thread, and read back equal to what was parsed', { timeout: 60_000 }, async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'npm-documents-'));
  try {
    const disk = createDiskDocuments(dir, npmDiskForm);
    // Warm: the thread's start and the first compile are not what is measured.
    await disk.save('npm:warm', 1, (await parseNpmDocumentBytes(Buffer.from(huge), 'huge'))!);
    await disk.load('npm:warm');

    const doc = (await parseNpmDocumentBytes(Buffer.from(huge), 'huge'))!;
    // What the serving thread does itself when asked to save (the rest is the file system's), against what
    // JSON.stringify alone takes; the best of three each, so that a moment of another test's load does not decide.
    let savingHeld = Infinity;
    let stringify = Infinity;
    for (let round = 0; round < 3; round++) {
      const copy = (await parseNpmDocumentBytes(Buffer.from(huge), 'huge'))!;
      let started = performance.now();
      const saving = disk.save(`npm:copy-${round}`, 1234, copy);
      savingHeld = Math.min(savingHeld, performance.now() - started);
      await saving;
      started = performance.now();
      JSON.stringify({ key: 'npm:huge', fetchedAt: 1234, value: copy });
      stringify = Math.min(stringify, performance.now() - started);
    }
    await disk.save('npm:huge', 1234, doc);

    // Read back, a copy of megabytes is parsed by the thread too; the document still crosses to this thread
    // as objects, which costs about as much here as a document fetched from the registry.
    const loaded = await disk.load('npm:huge');
    assert.deepEqual(loaded, { key: 'npm:huge', fetchedAt: 1234, value: doc }, 'read back as it was parsed');
    // The memory each takes, as the cache counts it against its budget, came with it from the thread.
    assert.equal(npmDocumentBytes(doc), approximateBytes(doc));
    assert.equal(npmDocumentBytes(loaded!.value), approximateBytes(doc));
    assert.ok(savingHeld < stringify / 4, `saving held the serving thread ${savingHeld.toFixed(1)} ms; JSON.stringify alone takes ${stringify.toFixed(1)} ms`);
    assert.equal(await disk.load('npm:other'), null, 'a key never saved has no copy');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('a small document is saved and read back where it is, and a damaged copy is no copy', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'npm-documents-'));
  try {
    const disk = createDiskDocuments(dir, npmDiskForm);
    const small = parseNpmDocument(
      { name: 'small', 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': { dist: { tarball: 'http://registry.invalid/small.tgz' } } } },
      'small',
    )!;
    await disk.save('npm:small', 1, small);
    assert.deepEqual(await disk.load('npm:small'), { key: 'npm:small', fetchedAt: 1, value: small });
    const doc = (await parseNpmDocumentBytes(Buffer.from(huge), 'huge'))!;
    await disk.save('npm:huge', 2, doc);
    for (const file of (await fs.readdir(dir, { recursive: true })).map(String).filter((f) => f.endsWith('.json'))) {
      const full = path.join(dir, file);
      await fs.truncate(full, (await fs.stat(full)).size - 1);
    }
    assert.equal(await disk.load('npm:small'), null);
    assert.equal(await disk.load('npm:huge'), null);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
