import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publishPurge } from '../../purgefanout/fanout.ts';
import { readLogBatch } from '../../requestlog/reader.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { SAMPLE_JS, SAMPLE_PACKAGES } from '../testing/samplePackages.ts';
import { listenTestApp, type ListeningTestApp } from '../testing/testApp.ts';
import { HotFiles } from '../http/hotFiles.ts';
import { ANSWER_BYTES, WarmAnswers } from './warmAnswers.ts';

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

  // A replay's line is assembled from parts serialized once: it is the text JSON.stringify gives, escapes included.
  const agent = 'warm "quoted" \\ agent';
  await get(url, { 'user-agent': agent });
  await t.log.flush();
  const written = (await fs.readdir(t.logDir)).map((name) => path.join(t.logDir, name));
  const texts = (await Promise.all(written.map((file) => fs.readFile(file, 'utf8')))).join('').split('\n');
  const replayed = texts.find((text) => text.includes('quoted'));
  assert.ok(replayed, 'the replay is in the request log');
  assert.equal(replayed, JSON.stringify({ ...lines[1], t: JSON.parse(replayed).t, ua: agent }));

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

/** Records a 200 of the full path for `file` of demo-lib@1.2.0 with this body. */
function record(warm: WarmAnswers, file: string, encoding: 'br' | null, body: Buffer): void {
  const headers: Record<string, string | number> = {
    'cache-control': 'public, max-age=31536000, s-maxage=31536000, immutable',
    vary: 'Accept-Encoding',
    'content-length': body.length,
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
  warm.record(request as unknown as FastifyRequest, reply as unknown as FastifyReply, body);
}

const replayOf = (warm: WarmAnswers, file: string, acceptEncoding?: string) =>
  warm.find({ method: 'GET', url: `/npm/demo-lib@1.2.0${file}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

test('kept answers stay within their memory: a second encoding of a URL counts too', () => {
  const answer = ANSWER_BYTES + 100;
  const warm = new WarmAnswers({ maxTotalBytes: 2 * answer + 50 });
  const found = (file: string, acceptEncoding?: string): boolean => replayOf(warm, file, acceptEncoding) !== undefined;
  record(warm, '/a.js', null, Buffer.alloc(100));
  record(warm, '/b.js', null, Buffer.alloc(100));
  assert.deepEqual([found('/a.js'), found('/b.js')], [true, true], 'two answers within the budget');
  record(warm, '/a.js', 'br', Buffer.alloc(100));
  // Three answers now: the least recently used URL goes.
  assert.deepEqual([found('/a.js', 'br'), found('/a.js'), found('/b.js')], [true, true, false]);
});

test('a body the hot files hold is replayed from them without a copy, read back when they let it go', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'warm-bodies-'));
  const hot = new HotFiles({ maxTotalBytes: 1024 * 1024 });
  const warm = new WarmAnswers({ bodies: hot, maxTotalBytes: 4 * ANSWER_BYTES });
  let fullPath = 0;
  const server = http.createServer((request, response) => {
    const otherwise = (): void => {
      fullPath++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('full path');
    };
    if (!warm.serve(request, response, otherwise)) otherwise();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  // What came back, short: the body's length and its first character.
  const ask = (file: string): Promise<string> =>
    new Promise((resolve, reject) =>
      http
        .get(`http://127.0.0.1:${address.port}/npm/demo-lib@1.2.0${file}`, { agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks).toString();
            resolve(body === 'full path' || body === 'own' ? body : `${body.length} × ${body[0]}`);
          });
        })
        .on('error', reject),
    );
  try {
    const files = ['/a.js', '/b.js', '/c.js'];
    const diskPath = (i: number): string => path.join(dir, `${i}`);
    for (const [i, file] of files.entries()) {
      await fs.writeFile(diskPath(i), Buffer.alloc(100_000, 97 + i));
      record(warm, file, null, await hot.get(diskPath(i), 100_000));
    }
    // 300 kB of bodies in a budget of 4 kB: each answer holds only where its body is.
    assert.deepEqual(warm.memoryBytes(), { bytes: 3 * ANSWER_BYTES, budgetBytes: 4 * ANSWER_BYTES });
    for (const [i, file] of files.entries()) assert.equal(await ask(file), `100000 × ${String.fromCharCode(97 + i)}`, file);
    assert.equal(fullPath, 0, 'all three replayed');

    hot.clear();
    assert.equal(await ask('/b.js'), '100000 × b', 'read back from disk and replayed');
    assert.ok(hot.peek(diskPath(1)), 'and held in memory again');
    await fs.rm(diskPath(2));
    assert.equal(await ask('/c.js'), 'full path', 'its file is gone: the full path answers');
    assert.equal(fullPath, 1);
    assert.equal(replayOf(warm, '/c.js'), undefined, 'and the answer is forgotten');

    // A body of its own (not read from the hot files) is held by the answer and counted.
    record(warm, '/own.js', null, Buffer.from('own'));
    assert.equal(warm.memoryBytes().bytes, 3 * ANSWER_BYTES + 3);
    assert.equal(await ask('/own.js'), 'own');
  } finally {
    server.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
