/**
 * WordPress plugins and themes on the CDN, against a fixture WordPress.org (Subversion over HTTP) on loopback:
 * every URL form, caching by kind, ETag, listings, generated minification, the input checks, the size limit,
 * the request log's own type, and the 502 of an unreachable upstream.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startFixtureWordPress, type FixtureWordPress } from '../../test/fixtures/upstream/index.ts';
import { readLogBatch } from '../requestlog/reader.ts';
import { RequestLogWriter } from '../requestlog/writer.ts';
import { buildCdnApp } from './app.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { testConfig } from './testing/testApp.ts';

const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const BRANCH = 'public, max-age=43200, s-maxage=43200';
const SLIMSTAT = '/wp-slimstat/tags/5.0.9/admin/assets/js/slimstat.js';

let wp: FixtureWordPress;
let app: FastifyInstance;
let log: RequestLogWriter;
let logDir: string;

before(async () => {
  wp = await startFixtureWordPress();
  const config = testConfig({}, { SKYLIFT_WP_PLUGINS_URL: wp.pluginsUrl, SKYLIFT_WP_THEMES_URL: wp.themesUrl, SKYLIFT_WP_FILE_LIMIT: '200' });
  logDir = path.join(config.dataDir, 'request-log');
  log = new RequestLogWriter({ dir: logDir, flushIntervalMs: 60_000 });
  app = await buildCdnApp(config, { store: new MemoryPackageStore([]), requestLog: log, countries: false });
});
after(async () => {
  await app.close();
  await log.close();
  await wp.close();
});

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers });

test('the home page examples: a plugin file at a tag, at trunk, and a theme file', async () => {
  const tagged = await get(`/wp/plugins${SLIMSTAT}`);
  assert.equal(tagged.statusCode, 200, tagged.body);
  assert.match(tagged.body, /^\/\* slimstat 5\.0\.9 \*\//);
  assert.equal(tagged.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(tagged.headers['cache-control'], IMMUTABLE);
  assert.equal(tagged.headers['access-control-allow-origin'], '*');
  assert.equal(tagged.headers['x-skylift-version'], '5.0.9');
  assert.equal(tagged.headers['x-skylift-version-kind'], 'version');

  const trunk = await get('/wp/plugins/wp-slimstat/trunk/admin/assets/js/slimstat.js');
  assert.equal(trunk.statusCode, 200, trunk.body);
  assert.match(trunk.body, /slimstat trunk/);
  assert.equal(trunk.headers['cache-control'], BRANCH, 'trunk moves: never immutable');
  assert.equal(trunk.headers['x-skylift-version-kind'], 'branch');

  const theme = await get('/wp/themes/twentytwentyfour/1.2/style.css');
  assert.equal(theme.statusCode, 200, theme.body);
  assert.match(theme.body, /Theme Name: Twenty Twenty-Four/);
  assert.equal(theme.headers['content-type'], 'text/css; charset=utf-8');
  assert.equal(theme.headers['cache-control'], IMMUTABLE);
});

test('the short form serves the same plugin file, and a file is fetched upstream once', async () => {
  wp.resetCounts();
  const short = await get('/wp/wp-slimstat/tags/5.0.8/readme.txt');
  assert.equal(short.statusCode, 200, short.body);
  assert.match(short.body, /Stable tag: 5\.0\.8/);
  const long = await get('/wp/plugins/wp-slimstat/tags/5.0.8/readme.txt');
  assert.equal(long.body, short.body);
  assert.equal(long.headers['etag'], short.headers['etag']);
  assert.equal(wp.requestCount('/plugins/wp-slimstat/tags/5.0.8/readme.txt'), 1);
  const shortTrunk = await get('/wp/hello-dolly/trunk/hello.php');
  assert.equal(shortTrunk.statusCode, 200, shortTrunk.body);
  assert.match(shortTrunk.body, /Hello Dolly/);
});

test('ETag and 304, and a name with a space', async () => {
  const first = await get(`/wp/plugins${SLIMSTAT}`);
  const again = await get(`/wp/plugins${SLIMSTAT}`, { 'if-none-match': String(first.headers['etag']) });
  assert.equal(again.statusCode, 304);
  const spaced = await get('/wp/plugins/wp-slimstat/tags/5.0.9/languages/wp%20slimstat.pot');
  assert.equal(spaced.statusCode, 200, spaced.body);
  assert.equal(spaced.body, 'msgid ""\n');
});

test('a missing file is a 404 naming it; a folder redirects to its listing', async () => {
  const missing = await get('/wp/plugins/wp-slimstat/tags/5.0.9/no/such.js');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.body, "Couldn't find the requested file /no/such.js.");
  const unknownTag = await get('/wp/plugins/wp-slimstat/tags/9.9.9/readme.txt');
  assert.equal(unknownTag.statusCode, 404);
  const folder = await get('/wp/plugins/wp-slimstat/tags/5.0.9/admin');
  assert.equal(folder.statusCode, 301);
  assert.equal(folder.headers['location'], '/wp/plugins/wp-slimstat/tags/5.0.9/admin/');
  const root = await get('/wp/themes/twentytwentyfour/1.2');
  assert.equal(root.statusCode, 301);
  assert.equal(root.headers['location'], '/wp/themes/twentytwentyfour/1.2/');
  const trunkFolder = await get('/wp/wp-slimstat/trunk/admin');
  assert.equal(trunkFolder.statusCode, 302, 'a moving folder redirects temporarily');
  assert.equal(trunkFolder.headers['location'], '/wp/plugins/wp-slimstat/trunk/admin/');
});

test('folder listings come from the upstream listing', async () => {
  const root = await get('/wp/plugins/wp-slimstat/tags/5.0.9/');
  assert.equal(root.statusCode, 200, root.body);
  assert.equal(root.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(root.headers['cache-control'], IMMUTABLE);
  assert.match(String(root.headers['content-security-policy']), /default-src 'none'/);
  assert.match(root.body, /href="\.\/admin\/"/);
  assert.match(root.body, /href="\.\/readme\.txt"/);
  assert.match(root.body, /href="\.\/languages\/"/);
  assert.doesNotMatch(root.body, /Revision/, 'our own page, not the upstream one');
  const nested = await get('/wp/plugins/wp-slimstat/tags/5.0.9/admin/assets/css/');
  assert.match(nested.body, /href="\.\/admin\.css"/);
  assert.match(nested.body, /href="\.\.\/"/);
  const missing = await get('/wp/plugins/wp-slimstat/tags/5.0.9/nothing/');
  assert.equal(missing.statusCode, 404);
});

test('a .min.js or .min.css without its own file is generated from the original; an existing one is served as is', async () => {
  const js = await get('/wp/plugins/wp-slimstat/tags/5.0.9/admin/assets/js/slimstat.min.js');
  assert.equal(js.statusCode, 200, js.body);
  assert.equal(js.headers['cache-control'], IMMUTABLE);
  assert.match(js.body, /\/wp\/plugins\/wp-slimstat\/tags\/5\.0\.9\/admin\/assets\/js\/slimstat\.js/, 'the banner names the original');
  assert.doesNotMatch(js.body, /var target = element;/);
  const map = await get('/wp/plugins/wp-slimstat/tags/5.0.9/admin/assets/js/slimstat.min.js.map');
  assert.equal(map.statusCode, 200, map.body);
  assert.equal((JSON.parse(map.body) as { version: number }).version, 3);
  const css = await get('/wp/themes/twentytwentyfour/1.2/style.min.css');
  assert.equal(css.statusCode, 200, css.body);
  assert.match(css.body, /body\{margin:0\}/);
  const own = await get('/wp/plugins/wp-slimstat/tags/5.0.9/admin/assets/css/admin.min.css');
  assert.equal(own.body, '.slimstat-chart{margin:0}');
});

test('a trunk file is served from the cache within its time', async () => {
  wp.setPluginFile('hello-dolly/trunk/news.js', 'export const news = 1;\n');
  const first = await get('/wp/plugins/hello-dolly/trunk/news.js');
  assert.equal(first.body, 'export const news = 1;\n');
  wp.setPluginFile('hello-dolly/trunk/news.js', 'export const news = 2;\n');
  const cached = await get('/wp/plugins/hello-dolly/trunk/news.js');
  assert.equal(cached.body, first.body, 'served from the cache within its time');
});

test('malformed and hostile paths are refused before any upstream request', async () => {
  wp.resetCounts();
  const cases: Array<[string, number]> = [
    ['/wp/plugins/wp-slimstat/tags/5.0.9/a%2f..%2fb.js', 400],
    ['/wp/plugins/wp-slimstat/tags/5.0.9/a%00.js', 400],
    ['/wp/plugins/..%2fetc/tags/1.0/x.js', 400],
    ['/wp/plugins/wp-slimstat/tags/..%2f..%2f/x.js', 400],
    ['/wp/plugins/wp-slimstat/branches/1.0/x.js', 400],
    ['/wp/themes/twentytwentyfour', 400],
    ['/wp/nothing-here', 400],
    ['/wp', 400],
  ];
  for (const [url, status] of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, status, `${url}: ${res.body}`);
  }
  assert.equal(wp.totalRequests(), 0);
});

test('a file over the size limit is a 403 naming the limit', async () => {
  wp.setPluginFile('hello-dolly/trunk/big.js', 'x'.repeat(300));
  const res = await get('/wp/plugins/hello-dolly/trunk/big.js');
  assert.equal(res.statusCode, 403);
  assert.equal(res.body, 'File size exceeded the configured limit of 0 MB.');
});

test('requests are logged with their own type', async () => {
  await get('/wp/themes/twentytwentyfour/1.2/assets/js/navigation.js', { 'user-agent': 'wp-log/1.0' });
  await log.flush();
  const batch = await readLogBatch(logDir, new Map(), 10_000);
  const lines = batch.lines.filter((line) => line.ua === 'wp-log/1.0');
  assert.equal(lines.length, 1);
  const [line] = lines;
  assert.equal(line?.type, 'wp');
  assert.equal(line?.name, 'themes/twentytwentyfour');
  assert.equal(line?.version, '1.2');
  assert.equal(line?.kind, 'version');
  assert.equal(line?.file, '/assets/js/navigation.js');
  assert.equal(line?.status, 200);
  assert.equal(line?.cache, 'miss');
});

test('an unreachable upstream is the 502 every upstream gives', async () => {
  wp.setFailure('reset');
  try {
    const res = await get('/wp/plugins/wp-slimstat/tags/5.0.9/never-fetched.js');
    assert.equal(res.statusCode, 502);
    assert.equal(res.body, 'Failed to fetch the WordPress plugin wp-slimstat from the upstream.');
    assert.equal(res.headers['cache-control'], 'public, max-age=60, s-maxage=60');
  } finally {
    wp.setFailure(null);
  }
  const healed = await get('/wp/plugins/wp-slimstat/tags/5.0.9/never-fetched.js');
  assert.equal(healed.statusCode, 404, 'a failure is not remembered as a missing file');
});
