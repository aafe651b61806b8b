import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PackageError } from '../packages/types.ts';
import { readLogBatch } from '../requestlog/reader.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { SAMPLE_CSS, SAMPLE_JS, SAMPLE_PACKAGES } from './testing/samplePackages.ts';
import { buildTestApp, type TestApp } from './testing/testApp.ts';

const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const ALIAS = 'public, max-age=604800, s-maxage=43200';
const BRANCH = 'public, max-age=43200, s-maxage=43200';
const ERROR = 'public, max-age=60, s-maxage=60';

const LARGE = Buffer.from(Array.from({ length: 700 * 1024 }, (_, i) => (i * 7919) % 251));
let store: MemoryPackageStore;
let t: TestApp;
let app: FastifyInstance;

before(async () => {
  store = new MemoryPackageStore([
    ...SAMPLE_PACKAGES,
    { ref: { type: 'npm', name: 'huge-pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/a.js': 'x' } } } },
    { ref: { type: 'npm', name: 'large-file' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/big.bin': LARGE } } } },
    { ref: { type: 'npm', name: 'flaky-pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/a.js': 'x' } } } },
  ]);
  store.fetchFailures.set('huge-pkg', PackageError.sizeExceeded(50 * 1024 * 1024));
  store.resolveFailures.set('flaky-pkg', PackageError.upstreamFailed('flaky-pkg'));
  t = await buildTestApp(store);
  app = t.app;
});
after(async () => {
  await app.close();
  await t.log.close();
});

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers });

function assertCommonHeaders(res: LightMyRequestResponse, label: string): void {
  assert.equal(res.headers['access-control-allow-origin'], '*', `${label}: CORS`);
  assert.equal(res.headers['timing-allow-origin'], '*', `${label}: Timing-Allow-Origin`);
  assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin', `${label}: CORP`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', `${label}: nosniff`);
}

test('an exact npm version serves the file, immutable, with its version and kind', async () => {
  const res = await get('/npm/demo-lib@1.2.0/dist/demo.js');
  assert.equal(res.statusCode, 200);
  assert.equal(res.body, SAMPLE_JS);
  assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(res.headers['cache-control'], IMMUTABLE);
  assert.equal(res.headers['x-skylift-version'], '1.2.0');
  assert.equal(res.headers['x-skylift-version-kind'], 'version');
  assert.match(String(res.headers['etag']), /^"[A-Za-z0-9+/=]{44}"$/);
  assert.equal(res.headers['accept-ranges'], 'bytes');
  assert.equal(res.headers['content-length'], String(Buffer.byteLength(SAMPLE_JS)));
  assertCommonHeaders(res, 'file');
});

test('a file larger than the memory cache takes is streamed from disk, whole and in ranges', async () => {
  const whole = await get('/npm/large-file@1.0.0/big.bin');
  assert.equal(whole.statusCode, 200);
  assert.ok(whole.rawPayload.equals(LARGE));
  const again = await get('/npm/large-file@1.0.0/big.bin');
  assert.ok(again.rawPayload.equals(LARGE));
  const part = await get('/npm/large-file@1.0.0/big.bin', { range: 'bytes=600000-600099' });
  assert.equal(part.statusCode, 206);
  assert.ok(part.rawPayload.equals(LARGE.subarray(600000, 600100)));
});

test('scoped names, plain and percent-encoded', async () => {
  for (const url of ['/npm/@scope/pkg@3.1.4/main.js', '/npm/%40scope/pkg@3.1.4/main.js']) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.body, 'var scoped = 1;\n');
  }
});

test('ranges, dist-tags and no version resolve to the highest match, cached 7 days / 12 hours', async () => {
  const cases: Array<[string, string]> = [
    ['/npm/demo-lib@1/dist/demo.js', '1.2.0'],
    ['/npm/demo-lib@1.2/dist/demo.js', '1.2.0'],
    ['/npm/demo-lib@%5E1.0.0/dist/demo.js', '1.2.0'],
    ['/npm/demo-lib@^1.0.0/dist/demo.js', '1.2.0'],
    ['/npm/demo-lib@latest/dist/demo.js', '1.2.0'],
    ['/npm/demo-lib/dist/demo.js', '1.2.0'],
    ['/npm/demo-lib@beta/index.js', '2.0.0-beta.1'],
    ['/npm/demo-lib@%3E%3D1.0.0%20%3C1.1.0/index.js', '1.0.0'],
  ];
  for (const [url, version] of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.headers['x-skylift-version'], version, url);
    assert.equal(res.headers['x-skylift-version-kind'], 'alias', url);
    assert.equal(res.headers['cache-control'], ALIAS, url);
  }
});

test('the default file is served minified: a generated .min.js, an existing .min sibling, CSS', async () => {
  const generated = await get('/npm/demo-lib@1.2.0');
  assert.equal(generated.statusCode, 200);
  assert.equal(generated.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.match(generated.body, /Original file: \/npm\/demo-lib@1\.2\.0\/dist\/demo\.js/);
  assert.match(generated.body, /Do NOT use SRI with dynamically generated files!/);
  assert.ok(generated.body.length < SAMPLE_JS.length + 400);
  assert.ok(!generated.body.includes('var message'), 'minified');
  const latest = await get('/npm/demo-lib');
  assert.equal(latest.statusCode, 200);
  assert.equal(latest.headers['cache-control'], ALIAS);
  assert.equal(latest.body, generated.body);
  const sibling = await get('/npm/@scope/pkg');
  assert.equal(sibling.body, 'var scoped=1;');
  const css = await get('/npm/styles-only@1.0.0');
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
  assert.match(css.body, /\.button\{color:red;padding:0\}/);
});

test('a version without a default file redirects to its listing, with the common headers', async () => {
  const res = await get('/npm/no-default@0.1.0');
  assert.equal(res.statusCode, 301);
  assert.equal(res.headers['location'], '/npm/no-default@0.1.0/');
  assert.equal(res.headers['cache-control'], IMMUTABLE);
  assert.equal(res.headers['x-skylift-version'], '0.1.0');
  assertCommonHeaders(res, 'redirect');
  const folder = await get('/npm/demo-lib@1/dist');
  assert.equal(folder.statusCode, 302);
  assert.equal(folder.headers['location'], '/npm/demo-lib@1/dist/');
  assert.equal(folder.headers['cache-control'], ALIAS);
});

test('directory listings: names, sizes, links, a link up, escaped names, the common headers', async () => {
  const root = await get('/npm/demo-lib@1.2.0/');
  assert.equal(root.statusCode, 200);
  assert.equal(root.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(root.headers['cache-control'], IMMUTABLE);
  assertCommonHeaders(root, 'listing');
  assert.match(root.body, /<a href="\.\/dist\/">dist\/<\/a>/);
  assert.match(root.body, /<a href="\.\/LICENSE">LICENSE<\/a><\/td><td>3 B</);
  assert.ok(!root.body.includes('href="../"'), 'the version root has no parent');
  const dist = await get('/npm/demo-lib@1.2.0/dist/');
  assert.match(dist.body, /<a href="\.\.\/">\.\.\/<\/a>/);
  assert.match(dist.body, /<a href="\.\/sub\/">sub\/<\/a>/);
  assert.match(dist.body, /href="\.\/demo\.js">demo\.js</);
  assert.ok(dist.body.includes('&lt;b&gt;&amp;&quot;weird&quot;.js'), 'names are escaped');
  assert.ok(!dist.body.includes('<b>&'), 'no raw markup from file names');
  assert.ok(dist.body.includes('href="./%3Cb%3E%26%22weird%22.js"') || dist.body.includes('href="./%3Cb%3E%26&quot;weird&quot;.js"'));
  // It leads back to the website: the package's page at this version and folder, and the home page.
  assert.match(dist.body, /<a href="[^"]*\/package\/npm\/demo-lib\?tab=files&amp;version=1\.2\.0&amp;path=dist">demo-lib on /);
  assert.match(dist.body, /<a class="brand" href="[^"]+\/">/);
  // Each folder above is a link: the version root from dist/ is one level up.
  assert.match(dist.body, /<h1><a href="\.\.\/">\/npm\/demo-lib@1\.2\.0<\/a><span class="sep">\/<\/span><span>dist<\/span><\/h1>/);
  const missing = await get('/npm/demo-lib@1.2.0/nope/');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.body, "Couldn't find the requested file /nope/.");
});

test('directory listings carry a policy that lets no script run, a 304 and a GitHub listing too', async () => {
  for (const url of ['/npm/demo-lib@1.2.0/', '/npm/demo-lib@1.2.0/dist/', '/gh/octo/repo@1.1.0/']) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    const policy = String(res.headers['content-security-policy'] ?? '');
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    assert.equal(directives.get('default-src'), "'none'", `${url}: ${policy}`);
    assert.ok(!directives.has('script-src') && !directives.has('script-src-elem') && !directives.has('script-src-attr'), `${url}: ${policy}`);
    assert.equal(directives.get('base-uri'), "'none'", url);
    assert.equal(directives.get('frame-ancestors'), "'none'", url);
    // What the page itself needs is allowed: its inline style sheet.
    assert.equal(directives.get('style-src'), "'unsafe-inline'", url);
    const again = await get(url, { 'if-none-match': String(res.headers['etag']) });
    assert.equal(again.statusCode, 304, url);
    assert.equal(again.headers['content-security-policy'], policy, `${url}: the 304 keeps it`);
  }
});

test('GitHub: tags with and without v, ranges, latest, branches and commits', async () => {
  const cases: Array<[string, string, string, string, string]> = [
    ['/gh/octo/repo@1.0.0/src/a.js', 'var a = 1;\n', '1.0.0', 'version', IMMUTABLE],
    ['/gh/octo/repo@v1.0.0/src/a.js', 'var a = 1;\n', '1.0.0', 'version', IMMUTABLE],
    ['/gh/octo/repo@1/src/a.js', 'var a = 11;\n', '1.1.0', 'alias', ALIAS],
    ['/gh/octo/repo/src/a.js', 'var a = 11;\n', '1.1.0', 'alias', ALIAS],
    ['/gh/octo/repo@main/src/a.js', 'var a = "main";\n', 'main', 'branch', BRANCH],
    ['/gh/octo/repo@0123456789abcdef0123456789abcdef01234567/src/a.js', 'var a = "main";\n', '0123456789abcdef0123456789abcdef01234567', 'commit', IMMUTABLE],
  ];
  for (const [url, body, version, kind, cache] of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.body, body, url);
    assert.equal(res.headers['x-skylift-version'], version, url);
    assert.equal(res.headers['x-skylift-version-kind'], kind, url);
    assert.equal(res.headers['cache-control'], cache, url);
  }
  const listing = await get('/gh/octo/repo@1.1.0/');
  assert.match(listing.body, /README\.md/);
});

test('missing .min.js and .min.css are generated with a banner and a source map', async () => {
  const js = await get('/npm/demo-lib@1.2.0/dist/demo.min.js');
  assert.equal(js.statusCode, 200);
  assert.equal(js.headers['cache-control'], IMMUTABLE);
  assert.match(js.body, /^\/\*\*\n \* Minified by Skylift using SWC v[\d.]+\.\n \* Original file: \/npm\/demo-lib@1\.2\.0\/dist\/demo\.js\n/);
  assert.match(js.body, /Do NOT use SRI with dynamically generated files! More information: http:\/\/website\.test\/using-sri-with-dynamic-files/);
  assert.match(js.body, /\/\/# sourceMappingURL=demo\.min\.js\.map$/);
  const map = await get('/npm/demo-lib@1.2.0/dist/demo.min.js.map');
  assert.equal(map.statusCode, 200);
  assert.equal(map.headers['content-type'], 'application/json; charset=utf-8');
  const parsed = JSON.parse(map.body) as { version: number; sources: string[]; sourcesContent: string[] };
  assert.equal(parsed.version, 3);
  assert.deepEqual(parsed.sources, ['demo.js']);
  assert.equal(parsed.sourcesContent[0], SAMPLE_JS);
  const css = await get('/npm/demo-lib@1.2.0/dist/style.min.css');
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
  assert.match(css.body, /Minified by Skylift using lightningcss/);
  assert.match(css.body, /\.button\{color:red;padding:0\}/);
  const cssMap = await get('/npm/demo-lib@1.2.0/dist/style.min.css.map');
  assert.equal(cssMap.statusCode, 200);
  assert.match(cssMap.body, /^\{/);
  const broken = await get('/npm/demo-lib@1.2.0/dist/broken.min.js');
  assert.equal(broken.statusCode, 200);
  assert.match(broken.body, /Minification failed/);
  assert.match(broken.body, /function \($/);
  const existingMinMap = await get('/npm/@scope/pkg@3.1.4/main.min.js.map');
  assert.equal(existingMinMap.statusCode, 404, 'no map is made up for a published .min.js');
  const noSource = await get('/npm/demo-lib@1.2.0/dist/nothing.min.js');
  assert.equal(noSource.statusCode, 404);
  assert.equal(noSource.body, "Couldn't find the requested file /dist/nothing.min.js.");
});

test('a generated file is built once, however many requests ask at the same time', async () => {
  const before = store.calls.file;
  const responses = await Promise.all(Array.from({ length: 20 }, () => get('/npm/demo-lib@1.2.0/dist/big.min.js')));
  const bodies = new Set(responses.map((r) => r.body));
  assert.equal(bodies.size, 1);
  assert.ok(responses.every((r) => r.statusCode === 200));
  const metrics = await get('/metrics');
  assert.match(metrics.body, /cdn_generated_cache_total\{[^}]*artifact="min",result="miss"[^}]*\} \d+/);
  assert.ok(store.calls.file - before <= 40, 'no rebuild per request');
});

test('/combine/ joins parts in order under a banner, minifying parts on the fly', async () => {
  const res = await get('/combine/npm/demo-lib@1.2.0/dist/demo.min.js,npm/@scope/pkg@3/main.min.js,gh/octo/repo@1.0.0/src/a.js');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(res.headers['cache-control'], ALIAS, 'as short as its most volatile part');
  assertCommonHeaders(res, 'combine');
  assert.match(
    res.body,
    /Combined by Skylift\.\n \* Original files:\n \* - \/npm\/demo-lib@1\.2\.0\/dist\/demo\.min\.js\n \* - \/npm\/@scope\/pkg@3\.1\.4\/main\.min\.js\n \* - \/gh\/octo\/repo@1\.0\.0\/src\/a\.js\n/,
  );
  const first = res.body.indexOf('window.greet');
  const second = res.body.indexOf('var scoped=1;');
  const third = res.body.indexOf('var a = 1;');
  assert.ok(first > 0 && first < second && second < third, 'parts in order');
  assert.ok(!res.body.includes('sourceMappingURL'), 'no stale source map references');
  const css = await get('/combine/npm/demo-lib@1.2.0/dist/style.css,npm/styles-only@1/css/theme.min.css');
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
});

test('/combine/ refuses more than 50 parts, malformed parts, and reports missing files', async () => {
  const parts = Array.from({ length: 51 }, () => 'npm/demo-lib@1.2.0/dist/demo.js').join(',');
  const tooMany = await get(`/combine/${parts}`);
  assert.equal(tooMany.statusCode, 400);
  assert.equal(tooMany.body, 'Too many files to combine: at most 50 are allowed, got 51.');
  assert.equal(tooMany.headers['cache-control'], ERROR);
  assertCommonHeaders(tooMany, 'combine error');
  const fifty = await get(`/combine/${Array.from({ length: 50 }, () => 'npm/demo-lib@1.2.0/dist/demo.js').join(',')}`);
  assert.equal(fifty.statusCode, 200);
  for (const url of [
    '/combine/foo/bar.js',
    '/combine/npm/demo-lib@1.2.0/',
    '/combine/npm/demo-lib@1.2.0/dist/,npm/x@1/a.js',
    '/combine/',
    '/combine/npm/demo-lib@1.2.0/dist/demo.js,,',
  ]) {
    const res = await get(url);
    assert.equal(res.statusCode, 400, url);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  }
  const missing = await get('/combine/npm/demo-lib@1.2.0/dist/demo.js,npm/demo-lib@1.2.0/none.js');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.body, "Couldn't find the requested file /none.js.");
});

test('/+private-json lists every file with size, SHA-256 and time, and the default file', async () => {
  const res = await get('/npm/demo-lib@1/+private-json');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(res.headers['cache-control'], ALIAS);
  const body = JSON.parse(res.body) as { version: string; default: string; files: Array<{ path: string; size: number; sha256: string; time: string }> };
  assert.equal(body.version, '1.2.0');
  assert.equal(body.default, '/dist/demo.min.js');
  const demo = body.files.find((f) => f.path === '/dist/demo.js');
  assert.deepEqual(demo && { size: demo.size, time: demo.time }, { size: Buffer.byteLength(SAMPLE_JS), time: '2026-01-02T03:04:05.000Z' });
  assert.match(demo!.sha256, /^[A-Za-z0-9+/]{43}=$/);
  const gh = await get('/gh/octo/repo@1.1.0/+private-json');
  const ghBody = JSON.parse(gh.body) as { type: string; name: string; default: string | null; files: unknown[] };
  assert.deepEqual([ghBody.type, ghBody.name, ghBody.default, ghBody.files.length], ['gh', 'octo/repo', null, 2]);
});

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
  // Literal '/../' is resolved away by URL parsers before it reaches the app (see url/parseCdnUrl.test.ts
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
  await t.log.flush();
  const batch = await readLogBatch(t.logDir, new Map(), 10_000);
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
  void SAMPLE_CSS;
});
