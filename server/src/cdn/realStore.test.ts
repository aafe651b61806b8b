/**
 * The CDN over the real package layer and the fixture upstreams on loopback: what a user meets when the
 * registry and GitHub answer, fail, or serve hostile archives.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { createPackageStore, type ClosablePackageStore } from '../packages/index.ts';
import { startFixtureGitHub, startFixtureRegistry, type FixtureGitHub, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from './app.ts';
import { testConfig } from './testing/testApp.ts';

let registry: FixtureRegistry;
let github: FixtureGitHub;
let store: ClosablePackageStore;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry({ hostile: true, tarballDelayMs: 50 });
  github = await startFixtureGitHub();
  // A 50 MB limit, under the fixture gzip bomb's 64 MB, so that the bomb is refused for its size.
  const config = testConfig(
    {},
    {
      SKYLIFT_NPM_REGISTRY: registry.url,
      SKYLIFT_GITHUB_API: github.apiUrl,
      SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
      SKYLIFT_UPSTREAM_TIMEOUT_MS: '3000',
      SKYLIFT_PACKAGE_SIZE_LIMIT: '50MB',
    },
  );
  // Documents expire at once so that a failing registry is noticed by the next request.
  store = await createPackageStore(config, { documentTtlMs: 0, staleWhileRevalidateMs: 0 });
  app = await buildCdnApp(config, { store, requestLog: false });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
  await github.close();
});

test('a file of an exact version, fetched once however many clients ask at the same time', async () => {
  const url = '/npm/tiny-lib@1.1.0/dist/tiny.js';
  const responses = await Promise.all(Array.from({ length: 50 }, () => app.inject(url)));
  assert.ok(responses.every((r) => r.statusCode === 200));
  assert.equal(new Set(responses.map((r) => r.body)).size, 1);
  assert.equal(responses[0]!.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(responses[0]!.headers['cache-control'], 'public, max-age=31536000, s-maxage=31536000, immutable');
  assert.equal(registry.requestCount(registry.tarballPath('tiny-lib', '1.1.0')), 1);
});

test('default file, listing, private JSON and generated minified file through the real store', async () => {
  const def = await app.inject('/npm/tiny-lib@1.2.0');
  assert.equal(def.statusCode, 200);
  const min = await app.inject('/npm/tiny-lib@1.2.0/dist/tiny.min.js');
  assert.equal(def.body, min.body, 'the existing .min sibling is the default');
  const listing = await app.inject('/npm/tiny-lib@1.2.0/dist/');
  assert.match(listing.body, /tiny\.min\.js/);
  const json = JSON.parse((await app.inject('/npm/tiny-lib@1.2.0/+private-json')).body) as { default: string; files: Array<{ path: string }> };
  assert.equal(json.default, '/dist/tiny.min.js');
  assert.ok(json.files.some((f) => f.path === '/dist/tiny.js'));
  const generated = await app.inject('/npm/with-html@1.0.0/main.min.js');
  assert.equal(generated.statusCode, 200);
  assert.match(generated.body, /Original file: \/npm\/with-html@1\.0\.0\/main\.js/);
});

test('HTML from a package is served as text/plain', async () => {
  for (const file of ['/index.html', '/docs/page.html']) {
    const res = await app.inject(`/npm/with-html@1.0.0${file}`);
    assert.equal(res.statusCode, 200, file);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', file);
  }
});

test('the error texts of unknown packages, versions and files', async () => {
  const cases: Array<[string, number, string]> = [
    ['/npm/no-such-package-here@1.0.0/index.js', 404, 'Failed to fetch version info for no-such-package-here.'],
    ['/npm/tiny-lib@9.9.9/index.js', 404, "Couldn't find the requested release version 9.9.9."],
    ['/npm/tiny-lib@1.1.0/nope.js', 404, "Couldn't find the requested file /nope.js."],
  ];
  for (const [url, status, text] of cases) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, status, url);
    assert.equal(res.body, text, url);
    assert.equal(res.headers['cache-control'], 'public, max-age=60, s-maxage=60', url);
  }
});

test('GitHub tags, branches and commits through the fixture GitHub', async () => {
  const tag = await app.inject('/gh/skylift-fixtures/tagged@1.0.0/dist/lib.js');
  assert.equal(tag.statusCode, 200);
  assert.equal(tag.body, "export const version = '1.0.0';\n");
  assert.equal(tag.headers['x-skylift-version-kind'], 'version');
  const branch = await app.inject('/gh/skylift-fixtures/tagged@dev/dev-only.js');
  assert.equal(branch.statusCode, 200);
  assert.equal(branch.headers['x-skylift-version-kind'], 'branch');
  assert.equal(branch.headers['cache-control'], 'public, max-age=43200, s-maxage=43200');
  const sha = github.sha('skylift-fixtures', 'tagged', 'c1');
  const commit = await app.inject(`/gh/skylift-fixtures/tagged@${sha}/dist/lib.js`);
  assert.equal(commit.statusCode, 200);
  assert.equal(commit.headers['x-skylift-version-kind'], 'commit');
  assert.equal(commit.body, tag.body);
});

test('hostile archives are refused with a 403 that says why, a corrupt one is an upstream failure, never a crash', async () => {
  // What each kind must get here. The size bomb stays under this store's 50 MB limit, so it is a real,
  // small package (the size limit is tested with a store whose limit it exceeds).
  const expected: Record<string, [number, RegExp]> = {
    'hostile-traversal': [403, /a path leading out/],
    'hostile-absolute': [403, /an absolute path/],
    'hostile-symlink-outside': [403, /a link pointing/],
    'hostile-symlink-absolute': [403, /a link pointing/],
    'hostile-hardlink-outside': [403, /a link pointing/],
    'hostile-char-device': [403, /a device file/],
    'hostile-block-device': [403, /a device file/],
    'hostile-fifo': [403, /a device file/],
    'hostile-size-lie': [200, /^module\.exports = "hostile-size-lie";/],
    'hostile-header-lie': [502, /^Failed to fetch hostile-header-lie@1\.0\.0 from the upstream\./],
    // Over the limit: its listing is refused (below), a single file of it is served out of the tarball.
    'hostile-gzip-bomb': [200, /^module\.exports = "hostile-gzip-bomb";/],
  };
  const names = registry.packageNames().filter((n) => n.startsWith('hostile-'));
  assert.deepEqual(names.sort(), Object.keys(expected).sort(), 'every hostile kind is checked');
  for (const name of names) {
    // Each archive holds harmless files first: the first request may have had one early, before the archive
    // was judged; that answer is cut short, never complete. Every answer after it is the archive's verdict.
    const first = await app.inject(`/npm/${name}@1.0.0/index.js`).catch((error: unknown) => error as Error & { code?: string });
    if (first instanceof Error) assert.equal(first.code, 'LIGHT_ECONNRESET', `${name}: ${first.message}`);
    const res = await app.inject(`/npm/${name}@1.0.0/index.js`);
    const [status, body] = expected[name]!;
    assert.equal(res.statusCode, status, `${name}: ${res.statusCode} ${res.body}`);
    assert.match(res.body, body, name);
    if (res.statusCode >= 400) assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', name);
  }
  const bomb = await app.inject('/npm/hostile-gzip-bomb@1.0.0/');
  assert.equal(bomb.statusCode, 403);
  assert.equal(bomb.body, 'Package size exceeded the configured limit of 50 MB.');
});

test('when the registry fails, cached versions are still served, ranges resolve stale (said in a header), unknown ones are 502', async () => {
  const warm = await app.inject('/npm/tiny-lib@1.1.0/dist/tiny.js');
  assert.equal(warm.statusCode, 200);
  registry.setFailure('500');
  try {
    const cached = await app.inject('/npm/tiny-lib@1.1.0/dist/tiny.js');
    assert.equal(cached.statusCode, 200);
    assert.equal(cached.body, warm.body);
    const alias = await app.inject('/npm/tiny-lib@1.1/dist/tiny.js');
    assert.equal(alias.statusCode, 200, 'a range resolves from the last known document');
    assert.equal(alias.headers['x-skylift-stale-resolution'], 'true');
    assert.equal(alias.headers['cache-control'], 'public, max-age=60, s-maxage=60');
    const unknown = await app.inject('/npm/only-index@1.0.0/index.js');
    assert.ok([502, 504].includes(unknown.statusCode), `never seen while the registry fails: ${unknown.statusCode}`);
  } finally {
    registry.setFailure(null);
  }
});
