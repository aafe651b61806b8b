import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startFixtureServer, type FixtureServer } from '../../../test/fixtures/upstream/fixtureServer.ts';
import { readLogBatch } from '../../requestlog/reader.ts';
import { RequestLogWriter } from '../../requestlog/writer.ts';
import { buildCdnApp } from '../app.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { testConfig } from '../testing/testApp.ts';
import { until } from '../../testing/until.ts';

const WHEEL = Buffer.alloc(4096, 7);
const SCRIPT = 'globalThis.loadPyodide = () => 42;\n'.repeat(64);
let host: FixtureServer;
let app: FastifyInstance;
let log: RequestLogWriter;
let logDir: string;
let lifetime = 'public, max-age=120';
/** The slow file's answer waits for this, so that requests sent meanwhile find its fetch under way. */
let slowAnswer = Promise.resolve();

// The project's own file host: versioned runtime files, a moving index, an HTML page, a large file and one
// that answers only when the test lets it.
before(async () => {
  host = await startFixtureServer(async (_request, response, path) => {
    if (path === '/v0.27.7/full/pyodide.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(SCRIPT);
    if (path === '/v0.27.7/full/numpy.whl') return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(WHEEL);
    if (path === '/latest/index.json')
      return void response.writeHead(200, { 'content-type': 'application/json', 'cache-control': lifetime }).end('{"latest":"0.27.7"}');
    if (path === '/page.html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    if (path === '/huge.bin') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 20; i++) response.write(Buffer.alloc(1024));
      return void response.end();
    }
    if (path === '/slow.js') {
      await slowAnswer;
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end('slow();');
    }
    response.writeHead(404).end('not found');
  });
  const config = testConfig(
    {},
    {
      SKYLIFT_PACKAGE_SIZE_LIMIT: String(10 * 1024),
      SKYLIFT_CACHE_BUDGET_BYTES: String(1024 * 1024 * 1024),
      SKYLIFT_CUSTOM_ENDPOINTS: JSON.stringify([
        { name: 'pyodide', path: '/pyodide', upstream: host.url },
        { name: 'musescore', path: '/musescore', upstream: null },
      ]),
    },
  );
  logDir = `${config.dataDir}/request-log`;
  log = new RequestLogWriter({ dir: logDir, flushIntervalMs: 60_000 });
  app = await buildCdnApp(config, { store: new MemoryPackageStore([]), requestLog: log });
});
after(async () => {
  await app.close();
  await log.close();
  await host.close();
});
beforeEach(() => host.setFailure(null));

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers });

test('a versioned file is fetched from the project host once, then served from our cache, immutable', async () => {
  const first = await get('/pyodide/v0.27.7/full/pyodide.js');
  assert.equal(first.statusCode, 200);
  assert.equal(first.body, SCRIPT);
  assert.equal(first.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(first.headers['cache-control'], 'public, max-age=31536000, s-maxage=31536000, immutable');
  assert.equal(first.headers['access-control-allow-origin'], '*');
  assert.equal(first.headers['x-content-type-options'], 'nosniff');
  assert.equal(first.headers['x-skylift-cache'], 'MISS');
  const second = await get('/pyodide/v0.27.7/full/pyodide.js', { 'accept-encoding': 'gzip' });
  assert.equal(second.headers['x-skylift-cache'], 'HIT');
  assert.equal(second.headers['content-encoding'], 'gzip');
  assert.equal(host.requestCount('/v0.27.7/full/pyodide.js'), 1);
  const revalidated = await get('/pyodide/v0.27.7/full/pyodide.js', { 'if-none-match': String(first.headers['etag']) });
  assert.equal(revalidated.statusCode, 304);
  const range = await get('/pyodide/v0.27.7/full/numpy.whl', { range: 'bytes=0-9' });
  assert.equal(range.statusCode, 206);
  assert.equal(range.rawPayload.length, 10);
});

test('concurrent first requests share one upstream fetch', async () => {
  let answer = (): void => undefined;
  slowAnswer = new Promise((resolve) => (answer = resolve));
  const answering = Promise.all(Array.from({ length: 5 }, () => get('/pyodide/slow.js')));
  // All five are sent; the upstream holds its answer until it has been asked, so they overlap its fetch.
  await until(() => host.requestCount('/slow.js') > 0, { message: 'the upstream to be asked for the slow file' });
  answer();
  const answers = await answering;
  assert.deepEqual(
    answers.map((a) => a.statusCode),
    [200, 200, 200, 200, 200],
  );
  assert.equal(host.requestCount('/slow.js'), 1);
});

test('an unversioned file lives as long as the upstream says, and is served stale when the upstream then fails', async () => {
  lifetime = 'public, max-age=120';
  const fresh = await get('/pyodide/latest/index.json');
  assert.equal(fresh.headers['cache-control'], 'public, max-age=120, s-maxage=120');
  assert.equal(fresh.headers['x-skylift-cache'], 'MISS');
  assert.equal((await get('/pyodide/latest/index.json')).headers['x-skylift-cache'], 'HIT');
  assert.equal(host.requestCount('/latest/index.json'), 1);
});

test('an expired copy is refetched, and served stale while the upstream is down', async () => {
  // The shortest lifetime is one minute, so the cache is driven by a clock of the test's own.
  lifetime = 'public, max-age=0';
  const config = testConfig({}, { SKYLIFT_CUSTOM_ENDPOINTS: JSON.stringify([{ name: 'pyodide', path: '/pyodide', upstream: host.url }]) });
  const { CustomFiles } = await import('./customFiles.ts');
  let now = 1_000_000;
  const files = new CustomFiles({ dir: `${config.dataDir}/custom`, maxFileBytes: 1024 * 1024, timeoutMs: 2000, now: () => now });
  const endpoint = config.customEndpoints[0]!;
  assert.equal((await files.get(endpoint, '/latest/index.json')).result, 'miss');
  assert.equal((await files.get(endpoint, '/latest/index.json')).result, 'hit');
  now += 61_000;
  assert.equal((await files.get(endpoint, '/latest/index.json')).result, 'miss');
  now += 61_000;
  host.setFailure('500');
  const stale = await files.get(endpoint, '/latest/index.json');
  assert.equal(stale.result, 'stale');
  assert.equal(stale.lifetimeSeconds, 60);
  host.setFailure('reset');
  assert.equal((await files.get(endpoint, '/latest/index.json')).result, 'stale');
  await assert.rejects(files.get(endpoint, '/v0.27.7/full/never-fetched.js'), (error: { status?: number }) => error.status === 502);
});

test('HTML from the project host is sent as plain text, never as a page of our origin', async () => {
  const res = await get('/pyodide/page.html');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
});

test('errors: missing file 404, over the size limit 403, down upstream 502, hostile paths 400, no upstream 404', async () => {
  assert.equal((await get('/pyodide/v0.27.7/full/missing.js')).statusCode, 404);
  const huge = await get('/pyodide/huge.bin');
  assert.equal(huge.statusCode, 403);
  assert.match(huge.body, /size exceeded/);
  host.setFailure('500');
  const down = await get('/pyodide/v9.9.9/down.js');
  assert.equal(down.statusCode, 502);
  assert.equal(down.headers['cache-control'], 'public, max-age=60, s-maxage=60');
  host.setFailure(null);
  assert.equal((await get('/pyodide/v0.27.7/..%2F..%2Fetc/passwd')).statusCode, 400);
  assert.equal((await get('/pyodide/v0.27.7/%00.js')).statusCode, 400);
  assert.equal((await get('/pyodide/a%2Fb.js')).statusCode, 400);
  assert.equal((await get('/pyodide/')).statusCode, 400);
  assert.equal((await get('/pyodide')).statusCode, 400);
  const none = await get('/musescore/file.js');
  assert.equal(none.statusCode, 404);
  assert.match(none.body, /no upstream configured/);
});

test('request log lines carry the endpoint name, the file and where the bytes came from', async () => {
  await get('/pyodide/v0.27.7/full/numpy.whl');
  await get('/pyodide/v0.27.7/full/numpy.whl');
  await log.flush();
  const { lines } = await readLogBatch(logDir, new Map(), 10_000);
  const wheel = lines.filter((line) => line.file === '/v0.27.7/full/numpy.whl');
  // The first request (a byte range) fetched the file; the next two were answered from our copy.
  assert.deepEqual(
    wheel.map((line) => [line.proxy, line.type, line.status, line.cache, line.bytes]),
    [
      ['pyodide', 'other', 206, 'miss', 10],
      ['pyodide', 'other', 200, 'hit', WHEEL.length],
      ['pyodide', 'other', 200, 'hit', WHEEL.length],
    ],
  );
  const missing = lines.find((line) => line.file === '/v0.27.7/full/missing.js');
  assert.deepEqual([missing?.proxy, missing?.status], ['pyodide', 404]);
});
