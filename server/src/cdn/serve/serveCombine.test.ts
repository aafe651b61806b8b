/**
 * `/combine/` over the real package layer and the fixture upstreams on loopback: parts that name a package
 * and no file are its default file, minified as `/npm/{name}@{version}` serves it, in the order given.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { createPackageStore, type ClosablePackageStore } from '../../packages/index.ts';
import { startFixtureGitHub, startFixtureRegistry, type FixtureGitHub, type FixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../app.ts';
import { testConfig } from '../testing/testApp.ts';

const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const ALIAS = 'public, max-age=604800, s-maxage=43200';

let registry: FixtureRegistry;
let github: FixtureGitHub;
let store: ClosablePackageStore;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  github = await startFixtureGitHub();
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_GITHUB_API: github.apiUrl, SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl });
  store = await createPackageStore(config);
  app = await buildCdnApp(config, { store, requestLog: false });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
  await github.close();
});

/** What a combined file holds of one part: its body without the source map comment at its end. */
const partText = (body: string): string => body.replace(/\n?\/\/[#@] sourceMappingURL=\S*\s*$/, '');

/** The banner's list of original files. */
function bannerFiles(body: string): string[] {
  const banner = body.slice(0, body.indexOf('*/'));
  return [...banner.matchAll(/^ \* - (\S+)$/gm)].map((m) => m[1]!);
}

test('parts without a file are their default files, minified as served alone, in the order given', async () => {
  const res = await app.inject('/combine/npm/tiny-lib@1,npm/with-html@1.0.0,npm/only-index@1.0.0');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
  assert.equal(res.headers['cache-control'], ALIAS, 'a range part makes it an alias');
  assert.deepEqual(bannerFiles(res.body), ['/npm/tiny-lib@1.1.0/dist/tiny.min.js', '/npm/with-html@1.0.0/main.min.js', '/npm/only-index@1.0.0/index.min.js']);
  let previous = -1;
  for (const url of ['/npm/tiny-lib@1', '/npm/with-html@1.0.0', '/npm/only-index@1.0.0']) {
    const alone = await app.inject(url);
    assert.equal(alone.statusCode, 200, url);
    const at = res.body.indexOf(partText(alone.body));
    assert.ok(at > previous, `${url}: its default file, after the part before it`);
    previous = at;
  }
  assert.ok(!res.body.includes("document.title = 'with-html'"), 'a generated default file is minified');
});

test("the home page's example: a package's default file beside a named file", async () => {
  const res = await app.inject('/combine/npm/tiny-lib@1.2.0,npm/with-html@1.0.0/main.js');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['cache-control'], IMMUTABLE, 'exact versions only');
  assert.deepEqual(bannerFiles(res.body), ['/npm/tiny-lib@1.2.0/dist/tiny.min.js', '/npm/with-html@1.0.0/main.js']);
  assert.ok(res.body.indexOf('e.tiny={version:"1.2.0"') < res.body.indexOf("document.title = 'with-html'"));
});

test('a GitHub part without a file is the repository default file; CSS defaults make a CSS file', async () => {
  const gh = await app.inject('/combine/gh/skylift-fixtures/tagged@1.0.0,npm/tiny-lib@1.2.0/dist/tiny.js');
  assert.equal(gh.statusCode, 200, gh.body);
  assert.deepEqual(bannerFiles(gh.body), ['/gh/skylift-fixtures/tagged@1.0.0/dist/lib.min.js', '/npm/tiny-lib@1.2.0/dist/tiny.js']);
  assert.ok(gh.body.includes("export const version='1.0.0';"));
  const css = await app.inject('/combine/npm/css-only@1.0.0,npm/css-only@1.0.0/dist/css-only.css');
  assert.equal(css.statusCode, 200, css.body);
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
  assert.deepEqual(bannerFiles(css.body), ['/npm/css-only@1.0.0/dist/css-only.min.css', '/npm/css-only@1.0.0/dist/css-only.css']);
});

test('per-part errors stay: a listing part is refused, a package without a default file or a missing version is a 404', async () => {
  const cases: Array<[string, number, string]> = [
    ['/combine/npm/tiny-lib@1.2.0,npm/tiny-lib@1.2.0/', 400, 'Invalid combine part 2 "npm/tiny-lib@1.2.0/": each part must name a file.'],
    ['/combine/npm/tiny-lib@1.2.0/+private-json', 400, 'Invalid combine part 1 "npm/tiny-lib@1.2.0/+private-json": each part must name a file.'],
    ['/combine/npm/tiny-lib@1.2.0,npm/no-main@1.0.0', 404, "Couldn't find a default file for no-main@1.0.0: name a file of it."],
    ['/combine/npm/tiny-lib@9.9.9,npm/with-html@1.0.0', 404, "Couldn't find the requested release version 9.9.9."],
  ];
  for (const [url, status, message] of cases) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, status, url);
    assert.equal(res.body, message, url);
  }
});
