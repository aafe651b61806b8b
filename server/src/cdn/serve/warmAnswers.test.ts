import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publishPurge } from '../../purgefanout/fanout.ts';
import { readLogBatch } from '../../requestlog/reader.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { SAMPLE_JS, SAMPLE_PACKAGES } from '../testing/samplePackages.ts';
import { listenTestApp, type ListeningTestApp } from '../testing/testApp.ts';
import { WarmAnswers } from './warmAnswers.ts';

// Warm answers are sent by the HTTP server itself, before Fastify: these tests go through a real socket.
let store: MemoryPackageStore;
let t: ListeningTestApp;
let base: string;

before(async () => {
  store = new MemoryPackageStore(SAMPLE_PACKAGES);
  t = await listenTestApp(store);
  base = t.base;
});
after(() => t.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const withoutDate = (headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders => ({ ...headers, date: undefined });

/** Calls the package layer got while `run` ran: zero when the answer was replayed. */
async function storeCalls(run: () => Promise<unknown>): Promise<number> {
  const before = store.calls.resolve + store.calls.file + store.calls.listing;
  await run();
  return store.calls.resolve + store.calls.file + store.calls.listing - before;
}

test('a warm file is answered again with the same status, headers and bytes, without the package layer', async () => {
  const url = '/npm/demo-lib@1.2.0/dist/demo.js';
  const first = await get(url, { 'user-agent': 'warm-test/1.0' });
  let again: Answer | undefined;
  assert.equal(await storeCalls(async () => (again = await get(url, { 'user-agent': 'warm-test/1.0' }))), 0, 'the second answer is replayed');
  assert.equal(first.status, 200);
  assert.equal(again!.status, 200);
  assert.equal(again!.body.toString(), SAMPLE_JS);
  assert.deepEqual(withoutDate(again!.headers), withoutDate(first.headers));
  assert.equal(again!.headers['cache-control'], 'public, max-age=31536000, s-maxage=31536000, immutable');
  assert.equal(again!.headers['access-control-allow-origin'], '*');
  assert.equal(again!.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.ok(again!.headers['date'], 'the server dates each answer');

  await t.log.flush();
  const lines = (await readLogBatch(t.logDir, new Map(), 10_000)).lines.filter((line) => line.ua === 'warm-test/1.0');
  assert.equal(lines.length, 2, 'both answers are in the request log');
  assert.deepEqual({ ...lines[1], t: undefined }, { ...lines[0], t: undefined, cache: 'hit' });
  assert.deepEqual([lines[1]!.file, lines[1]!.bytes, lines[1]!.status], ['/dist/demo.js', Buffer.byteLength(SAMPLE_JS), 200]);

  const metrics = (await get('/metrics')).body.toString();
  const served = Number(/http_requests_total\{[^}]*route="\/npm\/\*",status="2xx"[^}]*\} (\d+)/.exec(metrics)?.[1]);
  assert.ok(served >= 2, `both answers are counted (${served})`);
});

test('a compressed answer is replayed for the same encoding only, and the identity one for a client without it', async () => {
  const url = '/npm/demo-lib@1.2.0/dist/big.js';
  const brotli = await get(url, { 'accept-encoding': 'br' });
  const plain = await get(url);
  assert.equal(brotli.headers['content-encoding'], 'br');
  assert.equal(plain.headers['content-encoding'], undefined);
  let gzip: Answer | undefined;
  let brotliAgain: Answer | undefined;
  let plainAgain: Answer | undefined;
  assert.equal(await storeCalls(async () => (brotliAgain = await get(url, { 'accept-encoding': 'gzip, br' }))), 0);
  assert.equal(await storeCalls(async () => (plainAgain = await get(url))), 0);
  assert.ok((await storeCalls(async () => (gzip = await get(url, { 'accept-encoding': 'gzip' })))) > 0, 'gzip was not answered yet: the full path');
  assert.equal(brotliAgain!.headers['content-encoding'], 'br');
  assert.equal(brotliAgain!.headers['vary'], 'Accept-Encoding');
  assert.deepEqual(zlib.brotliDecompressSync(brotliAgain!.body), plain.body);
  assert.deepEqual(plainAgain!.body, plain.body);
  assert.equal(gzip!.headers['content-encoding'], 'gzip');
  assert.deepEqual(zlib.gunzipSync(gzip!.body), plain.body);
});

test('only answers that cannot change are replayed: ranges, validators, HEAD, queries and aliases take the full path', async () => {
  const url = '/npm/demo-lib@1.2.0/dist/demo.js';
  const warm = await get(url);
  const etag = String(warm.headers['etag']);
  let range: Answer | undefined;
  assert.ok((await storeCalls(async () => (range = await get(url, { range: 'bytes=0-7' })))) > 0);
  assert.equal(range!.status, 206);
  assert.equal(range!.body.toString(), SAMPLE_JS.slice(0, 8));
  let notModified: Answer | undefined;
  assert.ok((await storeCalls(async () => (notModified = await get(url, { 'if-none-match': etag })))) > 0);
  assert.equal(notModified!.status, 304);
  let head: Answer | undefined;
  assert.ok((await storeCalls(async () => (head = await get(url, {}, 'HEAD')))) > 0);
  assert.deepEqual([head!.status, head!.body.length], [200, 0]);
  await get(`${url}?v=1`);
  assert.ok((await storeCalls(() => get(`${url}?v=1`))) > 0, 'a query string is never replayed');
  await get('/npm/demo-lib@1/dist/demo.js');
  assert.ok((await storeCalls(() => get('/npm/demo-lib@1/dist/demo.js'))) > 0, 'a range resolves every time');
  await get('/npm/demo-lib@1.2.0/no-such-file.js');
  assert.ok((await storeCalls(() => get('/npm/demo-lib@1.2.0/no-such-file.js'))) > 0, 'errors are never replayed');
});

test('a purge of the package forgets its warm answers', async () => {
  const url = '/npm/demo-lib@1.2.0/dist/style.css';
  await get(url);
  assert.equal(await storeCalls(() => get(url)), 0);
  await publishPurge([{ type: 'npm', name: 'other-lib' }]);
  assert.equal(await storeCalls(() => get(url)), 0, 'another package purged: still warm');
  await publishPurge([{ type: 'npm', name: 'demo-lib' }]);
  assert.ok((await storeCalls(() => get(url))) > 0, 'purged: answered by the full path again');
  assert.equal(await storeCalls(() => get(url)), 0, 'and warm again after it');
});

test('kept answers stay within their memory: a second encoding of a URL counts too', () => {
  const warm = new WarmAnswers({ maxTotalBytes: 250 });
  const keep = (file: string, encoding: 'br' | null): void => {
    const headers: Record<string, string | number> = {
      'cache-control': 'public, max-age=31536000, s-maxage=31536000, immutable',
      vary: 'Accept-Encoding',
      'content-length': 100,
    };
    if (encoding) headers['content-encoding'] = encoding;
    const request = {
      method: 'GET',
      url: `/npm/demo-lib@1.2.0${file}`,
      headers: {},
      routeOptions: { url: '/npm/*' },
      cdn: { type: 'npm', name: 'demo-lib', version: '1.2.0', kind: 'version', file, answer: 'file', proxy: null, cache: null },
    };
    const reply = { statusCode: 200, getHeader: (name: string) => headers[name], getHeaders: () => headers };
    warm.record(request as unknown as FastifyRequest, reply as unknown as FastifyReply, Buffer.alloc(100));
  };
  const found = (file: string, acceptEncoding?: string): boolean =>
    warm.find({ method: 'GET', url: `/npm/demo-lib@1.2.0${file}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }) !== undefined;
  keep('/a.js', null);
  keep('/b.js', null);
  assert.deepEqual([found('/a.js'), found('/b.js')], [true, true], '200 bytes of 250');
  keep('/a.js', 'br');
  // 300 bytes in all now: the least recently used URL goes.
  assert.deepEqual([found('/a.js', 'br'), found('/a.js'), found('/b.js')], [true, true, false]);
});
