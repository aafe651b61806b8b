/**
 * What the CDN serves: npm and GitHub files by exact version, range, tag, branch and commit; the default file,
 * minified; listings; generated .min files; /combine/; /+private-json. How the answers go out over HTTP
 * (errors, caching, ranges, compression, policies, the request log): `httpAnswers.test.ts`, over the same fixture.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { ALIAS, assertCommonHeaders, BRANCH, ERROR, IMMUTABLE, LARGE, openCdnFixture, type CdnFixture } from './testing/appFixture.ts';
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
