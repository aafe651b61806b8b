/**
 * How the CDN's answers go out over HTTP: error texts and statuses, cache lifetimes, stale resolutions,
 * content types and the sandbox policy, 304, byte ranges, compression, HEAD and OPTIONS, path traversal,
 * the request log, health. What is served: `app.test.ts`, over the same fixture.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { readLogBatch } from '../requestlog/reader.ts';
import { assertCommonHeaders, ERROR, IMMUTABLE, openCdnFixture, type CdnFixture } from './testing/appFixture.ts';
import { SAMPLE_JS } from './testing/samplePackages.ts';

let fixture: CdnFixture;
let store: MemoryPackageStore;
let app: FastifyInstance;

before(async () => {
  fixture = await openCdnFixture();
  ({ store, app } = fixture);
});
after(() => fixture.close());

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers });

test('error texts and statuses, plain text, cached 60 seconds, with the common headers', async () => {
  const cases: Array<[string, number, string]> = [
    ['/npm/demo-lib@9.9.9/index.js', 404, "Couldn't find the requested release version 9.9.9."],
    ['/npm/demo-lib@1.2.0/missing.js', 404, "Couldn't find the requested file /missing.js."],
    ['/npm/unknown-package@1/index.js', 404, 'Failed to fetch version info for unknown-package.'],
    ['/npm/huge-pkg@1.0.0/a.js', 403, 'Package size exceeded the configured limit of 50 MB.'],
    ['/npm/flaky-pkg@1.0.0/a.js', 502, 'Failed to fetch flaky-pkg from the upstream.'],
  ];
  for (const [url, status, text] of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, status, url);
    assert.equal(res.body, text, url);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', url);
    assert.equal(res.headers['cache-control'], ERROR, url);
    assertCommonHeaders(res, url);
  }
  const bad: string[] = [
    '/npm/',
    '/npm',
    '/npm/Bad Name@1/x.js',
    '/npm/..@1/x.js',
    '/npm/demo-lib@/x.js',
    '/npm/demo-lib@1"x/x.js',
    '/gh/octo',
    '/gh/-bad-/repo@1/a.js',
    '/gh/octo/..@1/a.js',
    '/npm/%E0%A4%A/x.js',
  ];
  for (const url of bad) {
    const res = await get(url);
    assert.equal(res.statusCode, 400, url);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', url);
    assert.ok(res.body.length > 5 && res.body.length < 300 && !/\n\s+at /.test(res.body), `${url}: a short message`);
    assertCommonHeaders(res, url);
  }
  const elsewhere = await get('/wp-admin/index.php');
  assert.equal(elsewhere.statusCode, 404);
  assertCommonHeaders(elsewhere, 'not found');
});

test('a stale resolution says so in a header and is not cached for long', async () => {
  store.stale = true;
  try {
    const res = await get('/npm/demo-lib@1/dist/demo.js');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-skylift-stale-resolution'], 'true');
    assert.equal(res.headers['cache-control'], ERROR);
    const exact = await get('/npm/demo-lib@1.2.0/dist/demo.js');
    assert.equal(exact.headers['cache-control'], IMMUTABLE);
  } finally {
    store.stale = false;
  }
  const fresh = await get('/npm/demo-lib@1/dist/demo.js');
  assert.equal(fresh.headers['x-skylift-stale-resolution'], undefined);
});

test('pages go out as text/plain; every type a browser could run as a document carries the sandbox policy, subresource types do not', async () => {
  const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  const expectations: Array<[string, string, boolean]> = [
    ['/dist/page.html', 'text/plain; charset=utf-8', true],
    ['/dist/page.xhtml', 'text/plain; charset=utf-8', true],
    // Whatever an SVG or XML file contains (prefixed script elements, encoded javascript: links), it runs nothing.
    ['/dist/evil.svg', 'image/svg+xml', true],
    ['/dist/prefixed.svg', 'image/svg+xml', true],
    ['/dist/icon.svg', 'image/svg+xml', true],
    ['/dist/feed.xml', 'application/xml', true],
    ['/dist/types.d.ts', 'text/plain; charset=utf-8', true],
    ['/LICENSE', 'text/plain; charset=utf-8', true],
    ['/dist/demo.js', 'application/javascript; charset=utf-8', false],
    ['/dist/data.json', 'application/json; charset=utf-8', false],
    ['/dist/font.woff2', 'font/woff2', false],
    ['/dist/module.wasm', 'application/wasm', false],
    ['/dist/image.png', 'image/png', false],
  ];
  for (const [file, type, sandboxed] of expectations) {
    const res = await get(`/npm/demo-lib@1.2.0${file}`);
    assert.equal(res.statusCode, 200, file);
    assert.equal(res.headers['content-type'], type, file);
    assert.equal(res.headers['content-security-policy'], sandboxed ? SANDBOX : undefined, file);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', file);
  }
  // A 304 of a sandboxed file keeps the policy with its type.
  const first = await get('/npm/demo-lib@1.2.0/dist/prefixed.svg');
  const again = await get('/npm/demo-lib@1.2.0/dist/prefixed.svg', { 'if-none-match': String(first.headers['etag']) });
  assert.equal(again.statusCode, 304);
  assert.equal(again.headers['content-security-policy'], SANDBOX);
});

test('If-None-Match answers 304 with the headers and no body', async () => {
  const first = await get('/npm/demo-lib@1.2.0/dist/demo.js');
  const etag = String(first.headers['etag']);
  const res = await get('/npm/demo-lib@1.2.0/dist/demo.js', { 'if-none-match': etag });
  assert.equal(res.statusCode, 304);
  assert.equal(res.body, '');
  assert.equal(res.headers['etag'], etag);
  assert.equal(res.headers['cache-control'], IMMUTABLE);
  assert.equal(res.headers['x-skylift-version'], '1.2.0');
  assertCommonHeaders(res, '304');
  const other = await get('/npm/demo-lib@1.2.0/dist/demo.js', { 'if-none-match': '"something-else"' });
  assert.equal(other.statusCode, 200);
  const listing = await get('/npm/demo-lib@1.2.0/');
  const listing304 = await get('/npm/demo-lib@1.2.0/', { 'if-none-match': String(listing.headers['etag']) });
  assert.equal(listing304.statusCode, 304);
});

test('byte ranges: 206 with Content-Range, suffix ranges, 416 past the end', async () => {
  const size = Buffer.byteLength(SAMPLE_JS);
  const res = await get('/npm/demo-lib@1.2.0/dist/demo.js', { range: 'bytes=0-7', 'accept-encoding': 'br' });
  assert.equal(res.statusCode, 206);
  assert.equal(res.body, SAMPLE_JS.slice(0, 8));
  assert.equal(res.headers['content-range'], `bytes 0-7/${size}`);
  assert.equal(res.headers['content-encoding'], undefined);
  assertCommonHeaders(res, '206');
  const suffix = await get('/npm/demo-lib@1.2.0/dist/demo.js', { range: 'bytes=-5' });
  assert.equal(suffix.body, SAMPLE_JS.slice(-5));
  const open = await get('/npm/demo-lib@1.2.0/dist/demo.js', { range: 'bytes=10-' });
  assert.equal(open.body, SAMPLE_JS.slice(10));
  const past = await get('/npm/demo-lib@1.2.0/dist/demo.js', { range: `bytes=${size}-` });
  assert.equal(past.statusCode, 416);
  assert.equal(past.headers['content-range'], `bytes */${size}`);
  assertCommonHeaders(past, '416');
  const stale = await get('/npm/demo-lib@1.2.0/dist/demo.js', { range: 'bytes=0-7', 'if-range': '"old"' });
  assert.equal(stale.statusCode, 200, 'If-Range that does not match sends the whole file');
});

test('brotli and gzip by Accept-Encoding, with Vary, compressed once and kept on disk', async () => {
  const url = '/npm/demo-lib@1.2.0/dist/big.js';
  const plain = await get(url);
  assert.equal(plain.headers['vary'], 'Accept-Encoding');
  assert.equal(plain.headers['content-encoding'], undefined);
  const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['vary'], 'Accept-Encoding');
  assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), plain.body);
  assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);
  assert.notEqual(br.headers['etag'], plain.headers['etag']);
  const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), plain.body);
  const none = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
  assert.equal(none.headers['content-encoding'], undefined);
  const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  assert.deepEqual(again.rawPayload, br.rawPayload);
  const metrics = await get('/metrics');
  assert.match(metrics.body, /cdn_generated_cache_total\{[^}]*artifact="br",result="hit"/);
  const png = await app.inject({ method: 'GET', url: '/npm/demo-lib@1.2.0/dist/image.png', headers: { 'accept-encoding': 'br' } });
  assert.equal(png.headers['content-encoding'], undefined);
  assert.equal(png.headers['vary'], undefined);
});

test('HEAD answers headers without a body; OPTIONS answers the CORS preflight', async () => {
  const head = await app.inject({ method: 'HEAD', url: '/npm/demo-lib@1.2.0/dist/demo.js' });
  assert.equal(head.statusCode, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['content-length'], String(Buffer.byteLength(SAMPLE_JS)));
  assert.equal(head.headers['content-type'], 'application/javascript; charset=utf-8');
  const headMissing = await app.inject({ method: 'HEAD', url: '/npm/demo-lib@1.2.0/none.js' });
  assert.equal(headMissing.statusCode, 404);
  const options = await app.inject({ method: 'OPTIONS', url: '/npm/demo-lib@1.2.0/dist/demo.js', headers: { 'access-control-request-headers': 'range' } });
  assert.equal(options.statusCode, 204);
  assert.match(String(options.headers['access-control-allow-methods']), /GET, HEAD, OPTIONS/);
  assert.equal(options.headers['access-control-allow-headers'], 'range');
  assertCommonHeaders(options, 'OPTIONS');
  const post = await app.inject({ method: 'POST', url: '/npm/demo-lib@1.2.0/dist/demo.js' });
  assert.equal(post.statusCode, 405);
  assert.equal(post.headers['allow'], 'GET, HEAD, OPTIONS');
  assertCommonHeaders(post, 'POST');
});

test('path traversal in every spelling is refused with a 400 before anything is read', async () => {
  // Literal '/../' is resolved away by URL parsers before it reaches the app (see ../cdnUrl/parseCdnUrl.test.ts
  // for the raw form): it must at least never serve anything outside the version.
  for (const url of [
    '/npm/demo-lib@1.2.0/../../../etc/passwd',
    '/npm/demo-lib@1.2.0/%2e%2e/%2e%2e/etc/passwd',
    '/npm/demo-lib@1.2.0/%2E%2E/secret',
    '/npm/demo-lib@1.2.0/..\\..\\etc\\passwd',
    '/gh/octo/repo@1.0.0/../../../../etc/passwd',
  ]) {
    const resolvedAway = await get(url);
    assert.ok([400, 404].includes(resolvedAway.statusCode), url);
  }
  const attempts = [
    '/npm/demo-lib@1.2.0/dist/..%2f..%2fetc/passwd',
    '/npm/demo-lib@1.2.0/dist%2f..%2f..%2fpackage.json',
    '/npm/demo-lib@1.2.0/%5c..%5c..%5cetc',
    '/combine/npm/demo-lib@1.2.0/../../x.js',
    '/npm/demo-lib@1.2.0/a%00.js',
  ];
  for (const url of attempts) {
    const res = await get(url);
    assert.equal(res.statusCode, 400, url);
    assert.match(res.body, /^Invalid /, url);
  }
});

test('every served request is written to the request log with provider and country', async () => {
  await get('/npm/demo-lib@1.2.0/dist/demo.js', { 'x-edge-provider': 'CF', 'x-edge-country': 'DE', 'user-agent': 'log-test/1.0' });
  await get('/npm/demo-lib@9.9.9/index.js', { 'user-agent': 'log-test/1.0' });
  await app.inject({ method: 'HEAD', url: '/npm/demo-lib@1/dist/demo.js', headers: { 'user-agent': 'log-test/1.0' } });
  await get('/healthz');
  await fixture.log.flush();
  const batch = await readLogBatch(fixture.logDir, new Map(), 10_000);
  assert.ok(batch.offsets.size >= 1);
  const lines = batch.lines.filter((l) => l.ua === 'log-test/1.0');
  assert.equal(lines.length, 3);
  assert.deepEqual(
    { ...lines[0], t: undefined },
    {
      v: 1,
      t: undefined,
      type: 'npm',
      name: 'demo-lib',
      version: '1.2.0',
      kind: 'version',
      file: '/dist/demo.js',
      status: 200,
      bytes: Buffer.byteLength(SAMPLE_JS),
      provider: 'CF',
      country: 'DE',
      ua: 'log-test/1.0',
      proxy: null,
      cache: 'hit',
    },
  );
  assert.deepEqual([lines[1]!.status, lines[1]!.version, lines[1]!.file, lines[1]!.bytes > 0], [404, null, null, true]);
  assert.deepEqual([lines[2]!.status, lines[2]!.kind, lines[2]!.bytes], [200, 'alias', 0]);
});

test('health, readiness and metrics', async () => {
  assert.equal((await get('/healthz')).statusCode, 200);
  const ready = await get('/readyz');
  assert.equal(ready.statusCode, 200);
  const metrics = await get('/metrics');
  assert.match(metrics.body, /cdn_requests_total\{[^}]*kind="file",status="200"/);
  assert.match(metrics.body, /cdn_bytes_sent_total\{[^}]*kind="file"/);
});

test('the root points at the website: a redirect, and a line saying where the files and the website are', async () => {
  for (const method of ['GET', 'HEAD'] as const) {
    const res = await app.inject({ method, url: '/' });
    assert.equal(res.statusCode, 302, method);
    assert.match(String(res.headers['location']), /^https?:\/\/[^/]+\/$/, method);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', method);
    if (method === 'GET') assert.match(res.body, /files are under \/npm\/, \/gh\/ and \/wp\/\. The website is https?:\/\//);
  }
  assert.equal((await get('/nothing-here')).statusCode, 404);
});
