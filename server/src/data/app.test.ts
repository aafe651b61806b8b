import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import YAML from 'yaml';
import { BRAND } from '@skylift/shared/brand';
import { loadConfig } from '../config/config.ts';
import { REFERENCE_RENDERER_INTEGRITY, REFERENCE_RENDERER_VERSION } from '../config/referenceRenderer.ts';
import { Ingester } from '../stats/ingester.ts';
import type { RequestLogLine } from '../requestlog/reader.ts';
import { openStatsStore, type StatsStore } from '../stats/store.ts';
import { appendLogLines } from '../stats/testing/requestLogFixture.ts';
import { startPostgresCluster, type PostgresCluster } from '../stats/testing/postgresCluster.ts';
import { buildDataApp } from './app.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { ContractCheck } from './testing/conformance.ts';

const NOW = new Date('2026-02-01T12:00:00.000Z');
const BASE = 'http://data.test';
const SITE = 'http://www.test';
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

function line(partial: Partial<RequestLogLine> & Pick<RequestLogLine, 't'>): RequestLogLine {
  return {
    v: 1,
    type: 'npm',
    name: null,
    version: null,
    kind: 'version',
    file: null,
    status: 200,
    bytes: 0,
    provider: null,
    country: null,
    ua: null,
    proxy: null,
    ...partial,
  };
}
const times = (n: number, make: () => RequestLogLine): RequestLogLine[] => Array.from({ length: n }, make);

/** The traffic every assertion below is computed from. */
const LOG: RequestLogLine[] = [
  line({
    t: '2025-12-20T10:00:00.000Z',
    name: 'jquery',
    version: '3.7.1',
    file: '/dist/jquery.min.js',
    bytes: 100,
    provider: 'CF',
    country: 'US',
    ua: CHROME_WIN,
  }),
  line({
    t: '2026-01-30T08:00:00.000Z',
    type: 'gh',
    name: 'twbs/bootstrap',
    version: '5.3.0',
    file: '/dist/css/bootstrap.min.css',
    bytes: 500,
    provider: 'BN',
    country: 'PL',
    ua: CHROME_ANDROID,
  }),
  ...times(3, () =>
    line({
      t: '2026-01-31T09:00:00.000Z',
      name: 'jquery',
      version: '3.7.1',
      file: '/dist/jquery.min.js',
      bytes: 100,
      provider: 'CF',
      country: 'US',
      ua: CHROME_WIN,
    }),
  ),
  line({
    t: '2026-02-01T01:00:00.000Z',
    name: 'jquery',
    version: '3.6.0',
    file: '/dist/jquery.js',
    bytes: 50,
    provider: 'FY',
    country: 'DE',
    ua: FIREFOX_LINUX,
  }),
  ...times(2, () =>
    line({
      t: '2026-02-01T02:00:00.000Z',
      name: '@popperjs/core',
      version: '2.11.8',
      file: '/dist/umd/popper.min.js',
      bytes: 1000,
      provider: 'CF',
      country: 'DE',
      ua: SAFARI_MAC,
    }),
  ),
  line({ t: '2026-02-01T03:00:00.000Z', name: 'nope', status: 404, kind: null, bytes: 20 }),
  ...times(2, () =>
    line({
      t: '2026-02-01T04:00:00.000Z',
      type: 'other',
      proxy: 'cocoa',
      file: '/Specs/a.json',
      kind: null,
      bytes: 10,
      provider: 'CF',
      country: 'US',
      ua: CHROME_WIN,
    }),
  ),
];

const JQUERY_MIN = '/*! jQuery v3.7.1 */ minified';
const packages = new MemoryPackageStore([
  {
    ref: { type: 'npm', name: 'jquery' },
    tags: { latest: '3.7.1', beta: '3.7.1' },
    versions: {
      '3.6.0': { files: { '/dist/jquery.js': 'jquery 3.6.0', '/package.json': '{}' }, default: '/dist/jquery.js' },
      '3.7.1': {
        files: { '/dist/jquery.min.js': JQUERY_MIN, '/dist/jquery.js': 'full', '/README.md': '# jQuery', '/src/core/init.js': 'init' },
        default: '/dist/jquery.js',
      },
    },
  },
  {
    ref: { type: 'npm', name: '@popperjs/core' },
    tags: { latest: '2.11.8' },
    versions: { '2.11.8': { files: { '/dist/umd/popper.min.js': 'popper', '/dist/umd/popper.js': 'p' } } },
  },
  {
    ref: { type: 'npm', name: 'bootstrap' },
    tags: { latest: '5.3.0' },
    versions: {
      '5.3.0': {
        files: { '/dist/css/bootstrap.min.css': 'css', '/dist/css/bootstrap.css': 'c', '/dist/js/bootstrap.js': 'j' },
        manifest: { style: 'dist/css/bootstrap.css' },
      },
    },
  },
  { ref: { type: 'gh', name: 'twbs/bootstrap' }, tags: { latest: '5.3.0' }, versions: { '5.3.0': { files: { '/README.md': 'readme' } } } },
]);

let app: FastifyInstance;
let stats: StatsStore;
let dir: string;

/** Every answer these tests receive is also checked against the OpenAPI contract the service serves. */
const contract = new ContractCheck();
const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url, headers });
  contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
  return response;
};
// Answers are checked against the contract by `contract.check` above; the tests then read their fields freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async <T = any>(url: string): Promise<T> => {
  const response = await get(url);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json() as T;
};

/** Every statistics assertion runs on both storage engines: the same SQL must give the same answers. */
for (const engine of ['sqlite', 'postgres'] as const)
  describe(`data API on ${engine}`, () => {
    let cluster: PostgresCluster | undefined;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-'));
      if (engine === 'postgres') cluster = await startPostgresCluster();
      const config = loadConfig({
        SKYLIFT_DATA_DIR: dir,
        SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
        SKYLIFT_LOG_LEVEL: 'silent',
        SKYLIFT_DATA_URL: BASE,
        SKYLIFT_WWW_URL: SITE,
        SKYLIFT_POSTGRES_URL: cluster?.url,
      });
      appendLogLines(path.join(dir, 'request-log'), LOG);
      stats = await openStatsStore(config);
      await new Ingester(stats, { logDir: path.join(dir, 'request-log') }).catchUp();
      app = await buildDataApp(config, { store: packages, stats, ingestIntervalMs: false, now: () => NOW });
    });
    after(async () => {
      await app.close();
      await stats.close();
      await cluster?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    describe('data API: periods', () => {
      it('lists the calendar periods with data and the current ones, with links', async () => {
        const response = await get('/v1/stats/periods');
        assert.equal(response.statusCode, 200);
        const periods = response.json() as Array<{ period: string; periodType: string; links: Record<string, string> }>;
        assert.deepEqual(
          periods.map((p) => p.period),
          ['2026-02', '2026-01', '2026-Q1', '2026', '2025-12', '2025-Q4', '2025'],
        );
        assert.equal(periods[0]!.periodType, 's-month');
        assert.equal(periods[0]!.links['packages'], `${BASE}/v1/stats/packages?period=2026-02`);
        assert.equal(periods[0]!.links['browsers'], `${BASE}/v1/stats/browsers?period=2026-02`);
        assert.equal(response.headers['x-total-count'], '7');
        assert.match(String(response.headers['cache-control']), /^public, max-age=43200$/);
      });

      it('answers on an empty database with the current periods', async () => {
        const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-empty-'));
        const config = loadConfig({ SKYLIFT_DATA_DIR: empty, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
        const fresh = await buildDataApp(config, { store: packages, ingestIntervalMs: false, now: () => NOW });
        const response = await fresh.inject('/v1/stats/periods');
        assert.equal(response.statusCode, 200);
        assert.deepEqual(
          (response.json() as Array<{ period: string }>).map((p) => p.period),
          ['2026-02', '2026-Q1', '2026'],
        );
        const top = await fresh.inject('/v1/stats/packages');
        assert.deepEqual([top.statusCode, top.json(), top.headers['x-total-count']], [200, [], '0']);
        await fresh.close();
        fs.rmSync(empty, { recursive: true, force: true });
      });
    });

    describe('data API: package statistics', () => {
      it('lists top packages with previous-period figures, by hits or bandwidth, by type', async () => {
        const top =
          await json<
            Array<{ type: string; name: string; hits: number; bandwidth: number; prev: { hits: number; bandwidth: number }; links: { self: string } }>
          >('/v1/stats/packages');
        assert.deepEqual(
          top.map((p) => [p.type, p.name, p.hits, p.bandwidth]),
          [
            ['npm', 'jquery', 4, 350],
            ['npm', '@popperjs/core', 2, 2000],
            ['gh', 'twbs/bootstrap', 1, 500],
          ],
        );
        assert.deepEqual(top[0]!.prev, { hits: 1, bandwidth: 100 });
        assert.equal(top[0]!.links.self, `${BASE}/v1/stats/packages/npm/jquery?period=month`);
        const byBandwidth = await json<Array<{ name: string }>>('/v1/stats/packages?by=bandwidth');
        assert.deepEqual(
          byBandwidth.map((p) => p.name),
          ['@popperjs/core', 'twbs/bootstrap', 'jquery'],
        );
        const gh = await json<Array<{ name: string }>>('/v1/stats/packages?type=gh');
        assert.deepEqual(
          gh.map((p) => p.name),
          ['twbs/bootstrap'],
        );
        const week = await json<Array<{ name: string; hits: number }>>('/v1/stats/packages?period=day');
        assert.deepEqual(
          week.map((p) => [p.name, p.hits]),
          [
            ['@popperjs/core', 2],
            ['jquery', 1],
          ],
        );
      });

      it('pages with Link, X-Total-Count and X-Total-Pages', async () => {
        const response = await get('/v1/stats/packages?limit=1&page=2');
        assert.deepEqual(
          (response.json() as Array<{ name: string }>).map((p) => p.name),
          ['@popperjs/core'],
        );
        assert.equal(response.headers['x-total-count'], '3');
        assert.equal(response.headers['x-total-pages'], '3');
        const link = String(response.headers['link']);
        assert.match(link, /<http:\/\/data\.test\/v1\/stats\/packages\?limit=1&page=1>; rel="first"/);
        assert.match(link, /page=1>; rel="prev"/);
        assert.match(link, /page=3>; rel="next"/);
        assert.match(link, /page=3>; rel="last"/);
      });

      it('gives one package its totals, dates, ranks and previous period', async () => {
        const body = await json('/v1/stats/packages/npm/jquery?period=month');
        assert.equal(body.hits.total, 4);
        assert.equal(body.hits.rank, 0);
        assert.equal(body.hits.typeRank, 0);
        assert.equal(body.bandwidth.rank, 2);
        assert.equal(Object.keys(body.hits.dates).length, 30);
        assert.equal(body.hits.dates['2026-01-31'], 3);
        assert.equal(body.hits.dates['2026-02-01'], 1);
        assert.deepEqual(body.hits.prev, { rank: 0, typeRank: 0, total: 1 });
        assert.equal(body.links.versions, `${BASE}/v1/stats/packages/npm/jquery/versions?period=month`);
        const scoped = await json('/v1/stats/packages/npm/@popperjs/core');
        assert.deepEqual([scoped.hits.total, scoped.hits.rank, scoped.bandwidth.rank, scoped.hits.prev.rank], [2, 1, 0, null]);
        const gh = await json('/v1/stats/packages/gh/twbs/bootstrap');
        assert.deepEqual([gh.hits.total, gh.hits.rank, gh.hits.typeRank], [1, 2, 0]);
        const unknown = await json('/v1/stats/packages/npm/left-pad');
        assert.deepEqual([unknown.hits.total, unknown.hits.rank], [0, null]);
      });

      it('lists top versions and the top files of a version', async () => {
        const versions =
          await json<Array<{ type: string; version: string; hits: { total: number; dates: Record<string, number> } }>>(
            '/v1/stats/packages/npm/jquery/versions',
          );
        assert.deepEqual(
          versions.map((v) => [v.type, v.version, v.hits.total]),
          [
            ['version', '3.7.1', 3],
            ['version', '3.6.0', 1],
          ],
        );
        assert.equal(versions[0]!.hits.dates['2026-01-31'], 3);
        const version = await json('/v1/stats/packages/npm/jquery@3.7.1');
        assert.equal(version.hits.total, 3);
        assert.equal(version.bandwidth.total, 300);
        assert.equal(version.links.files, `${BASE}/v1/stats/packages/npm/jquery@3.7.1/files?period=month`);
        const files = await get('/v1/stats/packages/npm/jquery@3.7.1/files?by=bandwidth');
        assert.deepEqual(
          (files.json() as Array<{ name: string; hits: { total: number } }>).map((f) => [f.name, f.hits.total]),
          [['/dist/jquery.min.js', 3]],
        );
        assert.equal(files.headers['x-total-count'], '1');
        const scopedFiles = await json<Array<{ name: string }>>('/v1/stats/packages/npm/@popperjs/core@2.11.8/files');
        assert.deepEqual(
          scopedFiles.map((f) => f.name),
          ['/dist/umd/popper.min.js'],
        );
        const ghVersions = await json<Array<{ type: string; version: string }>>('/v1/stats/packages/gh/twbs/bootstrap/versions');
        assert.deepEqual(
          ghVersions.map((v) => [v.type, v.version]),
          [['version', '5.3.0']],
        );
        const ghFiles = await json<Array<{ name: string }>>('/v1/stats/packages/gh/twbs/bootstrap@5.3.0/files');
        assert.deepEqual(
          ghFiles.map((f) => f.name),
          ['/dist/css/bootstrap.min.css'],
        );
      });

      it('draws badges in both styles, with hits or ranks', async () => {
        const square = await get('/v1/stats/packages/npm/jquery/badge');
        assert.equal(square.statusCode, 200);
        assert.match(String(square.headers['content-type']), /^image\/svg\+xml/);
        assert.match(square.body, /4 hits\/month/);
        assert.doesNotMatch(square.body, /rx="/, 'square is the default style');
        const rounded = await get('/v1/stats/packages/npm/jquery/badge?style=rounded&type=rank');
        assert.match(rounded.body, /#1</);
        assert.match(rounded.body, /rx="3"/);
        assert.doesNotMatch((await get('/v1/stats/packages/npm/jquery/badge?style=square')).body, /rx="/);
        const typeRank = await get('/v1/stats/packages/gh/twbs/bootstrap/badge?type=type-rank');
        assert.match(typeRank.body, /#1 in gh/);
        const website = await get('/v1/package/npm/@popperjs/core/badge?style=rounded');
        assert.match(website.body, /2 hits\/month/);
        const invalid = await get('/v1/stats/packages/npm/jquery/badge?style=round');
        assert.deepEqual([invalid.statusCode, invalid.json().message], [400, 'Invalid parameter value: style must be one of square, rounded, got "round".']);
      });
    });

    describe('data API: network, browsers, platforms, proxies', () => {
      it('gives network totals by provider, with dates and previous period, and a country filter', async () => {
        const body = await json('/v1/stats/network');
        assert.equal(body.hits.total, 10);
        assert.equal(body.bandwidth.total, 2890);
        const providers = body.hits.providers.map((p: { code: string; total: number }) => `${p.code}:${p.total}`);
        assert.equal(providers[0], 'CF:7');
        assert.deepEqual(providers.slice(1).sort(), ['BN:1', 'FY:1', 'OR:1']);
        assert.deepEqual(body.bandwidth.providers.map((p: { code: string }) => p.code).slice(0, 2), ['CF', 'BN']);
        const cf = body.hits.providers[0];
        assert.deepEqual([cf.name, cf.dates['2026-01-31'], cf.dates['2026-02-01'], cf.prev.total], ['Cloudflare', { total: 3 }, { total: 4 }, 1]);
        assert.deepEqual(body.hits.prev, { total: 1 });
        const germany = await json('/v1/stats/network?country=DE');
        assert.equal(germany.hits.total, 3);
        const europe = await json('/v1/stats/network?continent=EU');
        assert.equal(europe.hits.total, 4);
      });

      it('splits network traffic by content and by country', async () => {
        const content = await json('/v1/stats/network/content');
        assert.deepEqual([content.hits.total, content.hits.packages.total, content.hits.proxies.total, content.hits.other.total], [10, 8, 2, 0]);
        assert.deepEqual(content.hits.packages.dates['2026-02-01'], { total: 4 });
        const countries = await json('/v1/stats/network/countries');
        assert.deepEqual(
          countries.hits.countries.map((c: { code: string; total: number }) => [c.code, c.total]),
          [
            ['US', 5],
            ['DE', 3],
            ['PL', 1],
          ],
        );
        assert.equal(countries.hits.countries[0].name, 'United States');
        assert.deepEqual(countries.hits.countries[1].providers, [
          { code: 'CF', name: 'Cloudflare', total: 2 },
          { code: 'FY', name: 'Fastly', total: 1 },
        ]);
        assert.equal(countries.hits.total, 10);
      });

      it('gives browser and platform shares with previous shares and breakdowns', async () => {
        const browsers =
          await json<Array<{ name: string; share: number; prev: { share: number | null }; links: Record<string, string> }>>(
            '/v1/stats/browsers?period=2026-02',
          );
        assert.deepEqual(
          browsers.map((b) => [b.name, b.share]),
          [
            ['Chrome', 33.33],
            ['Safari', 33.33],
            ['Firefox', 16.67],
            ['Other', 16.67],
          ],
        );
        assert.deepEqual(browsers[0]!.prev, { share: 75 });
        assert.deepEqual(browsers[1]!.prev, { share: 0 });
        assert.equal(browsers[0]!.links['versions'], `${BASE}/v1/stats/browsers/Chrome/versions`);
        const january = await json<Array<{ name: string; share: number; prev: { share: number | null } }>>('/v1/stats/browsers');
        assert.deepEqual(
          january.map((b) => [b.name, b.share, b.prev.share]),
          [
            ['Chrome', 75, 100],
            ['Mobile Chrome', 25, 0],
          ],
        );
        const versions = await json<Array<{ name: string; version: string }>>('/v1/stats/browsers/versions?period=2026-02');
        assert.ok(versions.some((v) => v.name === 'Firefox' && v.version === '121'));
        const chromeCountries = await json<Array<{ country: string; share: number }>>('/v1/stats/browsers/Chrome/countries?period=2026-01');
        assert.deepEqual(
          chromeCountries.map((c) => [c.country, c.share]),
          [['US', 100]],
        );
        const chromePlatforms = await json<Array<{ name: string; share: number }>>('/v1/stats/browsers/Chrome/platforms?period=2026-01');
        assert.deepEqual(
          chromePlatforms.map((p) => [p.name, p.share]),
          [['Windows', 100]],
        );
        const chromeVersions = await json<Array<{ version: string; share: number }>>('/v1/stats/browsers/Chrome/versions?period=2026-01');
        assert.deepEqual(
          chromeVersions.map((v) => [v.version, v.share]),
          [['120', 75]],
        );
        const versionCountries = await json<Array<{ country: string }>>('/v1/stats/browsers/Chrome/versions/120/countries?period=2026-01');
        assert.deepEqual(
          versionCountries.map((c) => c.country),
          ['US'],
        );
        const platforms = await json<Array<{ name: string; share: number }>>('/v1/stats/platforms?period=2026-01&continent=EU');
        assert.deepEqual(
          platforms.map((p) => [p.name, p.share]),
          [['Android', 100]],
        );
        const platformVersions = await json<Array<{ name: string; version: string; versionName: string }>>('/v1/stats/platforms/versions?period=2026-02');
        assert.ok(platformVersions.some((p) => p.name === 'macOS' && p.version === '10.15' && p.versionName === 'Catalina'));
        const macBrowsers = await json<Array<{ name: string; share: number }>>('/v1/stats/platforms/macOS/browsers?period=2026-02');
        assert.deepEqual(
          macBrowsers.map((b) => [b.name, b.share]),
          [['Safari', 100]],
        );
        const macCountries = await json<Array<{ country: string }>>('/v1/stats/platforms/macOS/countries?period=2026-02');
        assert.deepEqual(
          macCountries.map((c) => c.country),
          ['DE'],
        );
        const macVersions = await json<Array<{ version: string; versionName: string }>>('/v1/stats/platforms/macOS/versions?period=2026-02');
        assert.deepEqual(
          macVersions.map((v) => [v.version, v.versionName]),
          [['10.15', 'Catalina']],
        );
        const macVersionCountries = await json<Array<{ country: string; share: number }>>('/v1/stats/platforms/macOS/versions/10.15/countries?period=2026-02');
        assert.deepEqual(
          macVersionCountries.map((c) => [c.country, c.share]),
          [['DE', 66.67]],
        );
      });

      it('gives proxy totals and top files', async () => {
        const body = await json('/v1/stats/proxies/cocoa');
        assert.deepEqual([body.hits.total, body.bandwidth.total, body.hits.dates['2026-02-01'], body.hits.prev.total], [2, 20, 2, 0]);
        assert.equal(body.links.files, `${BASE}/v1/stats/proxies/cocoa/files?period=month`);
        const files = await get('/v1/stats/proxies/cocoa/files');
        assert.deepEqual(files.json(), [{ name: '/Specs/a.json', hits: { total: 2 }, bandwidth: { total: 20 } }]);
        assert.equal(files.headers['x-total-pages'], '1');
      });
    });

    describe('data API: package metadata', () => {
      it('lists versions and tags with links', async () => {
        const response = await get('/v1/packages/npm/jquery');
        assert.equal(response.headers['cache-control'], 'public, max-age=300');
        const body = response.json();
        assert.deepEqual(body.tags, { latest: '3.7.1', beta: '3.7.1' });
        assert.deepEqual(
          body.versions.map((v: { version: string }) => v.version),
          ['3.7.1', '3.6.0'],
        );
        assert.deepEqual(body.versions[0].links, {
          self: `${BASE}/v1/packages/npm/jquery@3.7.1`,
          entrypoints: `${BASE}/v1/packages/npm/jquery@3.7.1/entrypoints`,
          stats: `${BASE}/v1/stats/packages/npm/jquery@3.7.1`,
        });
        const gh = await json('/v1/packages/gh/twbs/bootstrap');
        assert.deepEqual(gh.tags, {});
        assert.equal(gh.versions[0].links.entrypoints, undefined);
      });

      it('resolves ranges and tags, and answers null when nothing matches', async () => {
        assert.equal((await json('/v1/packages/npm/jquery/resolved?specifier=3.6')).version, '3.6.0');
        assert.equal((await json('/v1/packages/npm/jquery/resolved')).version, '3.7.1');
        assert.equal((await json('/v1/packages/npm/jquery/resolved?specifier=beta')).version, '3.7.1');
        assert.deepEqual(await json('/v1/packages/npm/jquery/resolved?specifier=9.9'), { type: 'npm', name: 'jquery', version: null, links: {} });
        assert.equal((await json('/v1/packages/npm/@popperjs/core/resolved?specifier=^2')).version, '2.11.8');
      });

      it('lists the files of a version as a tree or flat, with SHA-256, cached for a year', async () => {
        const response = await get('/v1/packages/npm/jquery@3.7.1');
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        const tree = response.json();
        assert.equal(tree.default, '/dist/jquery.js');
        assert.deepEqual(
          tree.files.map((f: { type: string; name: string }) => [f.type, f.name]),
          [
            ['directory', 'dist'],
            ['directory', 'src'],
            ['file', 'README.md'],
          ],
        );
        const min = tree.files[0].files.find((f: { name: string }) => f.name === 'jquery.min.js');
        assert.equal(min.hash, crypto.createHash('sha256').update(JQUERY_MIN).digest('base64'));
        assert.equal(min.size, Buffer.byteLength(JQUERY_MIN));
        assert.equal(tree.files[1].files[0].files[0].name, 'init.js');
        const flat = await json('/v1/packages/npm/jquery@3.7.1?structure=flat');
        assert.deepEqual(
          flat.files.map((f: { name: string }) => f.name),
          ['/README.md', '/dist/jquery.js', '/dist/jquery.min.js', '/src/core/init.js'],
        );
        const ranged = await get('/v1/packages/npm/jquery@3');
        assert.equal(ranged.headers['cache-control'], 'public, max-age=300');
        assert.equal(ranged.json().version, '3.7.1');
        const gh = await json('/v1/packages/gh/twbs/bootstrap@5.3.0');
        assert.equal(gh.default, null);
      });

      it('gives entry points from metadata or guessed', async () => {
        assert.deepEqual(await json('/v1/packages/npm/jquery@3.7.1/entrypoints'), { entrypoints: { js: { file: '/dist/jquery.min.js', guessed: false } } });
        assert.deepEqual(await json('/v1/packages/npm/@popperjs/core@2.11.8/entrypoints'), {
          entrypoints: { js: { file: '/dist/umd/popper.min.js', guessed: true } },
        });
        assert.deepEqual(await json('/v1/packages/npm/bootstrap@5.3.0/entrypoints'), {
          entrypoints: { css: { file: '/dist/css/bootstrap.min.css', guessed: false } },
        });
      });

      it('finds a listed file by the hex SHA-256 of its content', async () => {
        await json('/v1/packages/npm/jquery@3.7.1');
        const hex = crypto.createHash('sha256').update(JQUERY_MIN).digest('hex');
        assert.deepEqual(await json(`/v1/lookup/hash/${hex}`), { type: 'npm', name: 'jquery', version: '3.7.1', file: '/dist/jquery.min.js' });
        const missing = await get(`/v1/lookup/hash/${'0'.repeat(64)}`);
        assert.equal(missing.statusCode, 404);
        assert.match(missing.json().message, /0{64}/);
        assert.equal((await get('/v1/lookup/hash/xyz')).statusCode, 400);
      });

      it('says which package or version was not found', async () => {
        const pkg = await get('/v1/packages/npm/left-pad');
        assert.deepEqual(pkg.json(), { status: 404, message: 'Failed to fetch version info for left-pad.' });
        assert.equal(pkg.headers['cache-control'], 'no-cache, no-store, must-revalidate');
        const version = await get('/v1/packages/npm/jquery@9.9.9');
        assert.deepEqual([version.statusCode, version.json().message], [404, "Couldn't find the requested release version 9.9.9."]);
        const route = await get('/v1/stats/nothing');
        assert.deepEqual([route.statusCode, route.json().message], [404, "Couldn't find the requested resource /v1/stats/nothing."]);
      });
    });

    describe('data API: shared behaviour', () => {
      it('sends CORS headers and answers preflight requests', async () => {
        assert.equal((await get('/v1/stats/periods')).headers['access-control-allow-origin'], '*');
        assert.equal((await get('/v1/packages/npm/left-pad')).headers['access-control-allow-origin'], '*');
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/v1/stats/packages',
          headers: { origin: 'http://site.test', 'access-control-request-method': 'GET' },
        });
        assert.equal(preflight.statusCode, 204);
        assert.match(String(preflight.headers['access-control-allow-methods']), /GET/);
        assert.match(String((await get('/v1/stats/packages')).headers['access-control-expose-headers']), /X-Total-Count/);
      });

      it('answers 304 to a matching If-None-Match', async () => {
        const first = await get('/v1/stats/packages/npm/jquery');
        const etag = String(first.headers['etag']);
        assert.ok(etag.length > 4);
        const second = await get('/v1/stats/packages/npm/jquery', { 'if-none-match': etag });
        assert.equal(second.statusCode, 304);
        assert.equal(second.body, '');
        assert.equal((await get('/v1/stats/packages/npm/jquery', { 'if-none-match': 'W/"other"' })).statusCode, 200);
      });

      it('redirects a trailing slash to the URL without it', async () => {
        const response = await get('/v1/stats/packages/?period=week');
        assert.equal(response.statusCode, 301);
        assert.equal(response.headers['location'], '/v1/stats/packages?period=week');
        // Never to another host: a doubled leading slash would be read as a protocol-relative address.
        for (const url of ['//evil.example/', '///evil.example//', '//evil.example/v1/?x=1']) {
          const redirect = await get(url);
          assert.equal(redirect.statusCode, 301, url);
          assert.match(String(redirect.headers['location']), /^\/[^/]/, `${url} -> ${redirect.headers['location']}`);
        }
      });

      it('answers names of object properties as the invalid parameters they are', async () => {
        for (const period of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
          for (const url of [
            `/v1/stats/packages?period=${period}`,
            `/v1/stats/network?period=${period}`,
            `/v1/stats/packages/npm/jquery/badge?period=${period}`,
          ]) {
            const response = await get(url);
            assert.equal(response.statusCode, 400, url);
            assert.match(response.json().message, /period must be one of/, url);
          }
        }
      });

      it('answers an address it cannot decode in its own error shape', async () => {
        const response = await get('/v1/packages/npm/%ff');
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { status: 400, message: 'The address is not valid: it contains an invalid percent-encoding.' });
      });

      it('rejects every invalid parameter with a 400 that names it', async () => {
        const cases: Array<[string, RegExp]> = [
          ['/v1/stats/packages?period=2027', /in the future/],
          ['/v1/stats/packages?period=2026-03', /in the future/],
          ['/v1/stats/packages?period=fortnight', /period must be one of/],
          ['/v1/stats/packages?page=101', /page must be an integer between 1 and 100/],
          ['/v1/stats/packages?limit=0', /limit must be an integer/],
          ['/v1/stats/packages?limit=abc', /limit must be an integer/],
          ['/v1/stats/packages?by=downloads', /by must be one of hits, bandwidth/],
          ['/v1/stats/packages?type=pypi', /type must be one of gh, npm/],
          ['/v1/stats/packages/npm/Bad Name!', /not a valid npm package name/],
          ['/v1/stats/packages/npm/jquery@latest', /exact version/],
          ['/v1/stats/packages/gh/justuser', /not a valid GitHub user\/repo/],
          ['/v1/stats/network?country=XX', /country must be an ISO 3166-1/],
          ['/v1/stats/network?country=DE&continent=EU', /mutually exclusive/],
          ['/v1/stats/browsers?continent=XY', /continent must be one of/],
          ['/v1/stats/browsers?period=month', /must be one of s-month/],
          ['/v1/stats/proxies/bad name', /not a valid proxy name/],
          ['/v1/packages/npm/jquery@3.7.1?structure=nested', /structure must be one of tree, flat/],
          ['/v1/packages/npm/.hidden', /not a valid npm package name/],
        ];
        for (const [url, message] of cases) {
          const response = await get(url);
          assert.equal(response.statusCode, 400, url);
          const body = response.json();
          assert.equal(body.status, 400, url);
          assert.match(body.message, message, url);
          assert.equal(response.headers['cache-control'], 'no-cache, no-store, must-revalidate', url);
        }
      });

      it('serves its own contract and a documentation page', async () => {
        const spec = await get('/v1/spec.yaml');
        assert.equal(spec.statusCode, 200);
        // Every address in the contract is ours, or a standard it cites.
        const addresses = new Set(spec.body.match(/https?:\/\/[^\s)'"]+/g) ?? []);
        for (const address of addresses) {
          assert.ok(
            [BASE, SITE, 'https://semver.org', 'https://www.rfc-editor.org'].some((own) => address.startsWith(own)),
            address,
          );
        }
        assert.match(spec.body, new RegExp(`title: ${BRAND.name} API`));
        const doc = YAML.parse(spec.body) as { servers: Array<{ url: string }>; paths: Record<string, unknown>; info: { title: string } };
        assert.equal(doc.servers[0]!.url, BASE);
        assert.equal(Object.keys(doc.paths).length, 52);
        assert.doesNotMatch(spec.body, /\{\{/);
        const docs = await get('/docs');
        assert.match(String(docs.headers['content-type']), /text\/html/);
        assert.match(docs.body, new RegExp(`<title>${doc.info.title}</title>`));
        // The page is Scalar's reference over the very contract above. Its one script, from this service, loads
        // the renderer from our own CDN at its pinned version, with the pinned hash (the browser refuses other
        // bytes) and in CORS mode (without which no hash is checked), then starts it.
        assert.match(docs.body, new RegExp(`data-contract="${BASE}/v1/spec.yaml"`));
        const scripts = [...docs.body.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
        assert.deepEqual(scripts, ['<script src="/docs/init.js">']);
        // The CDN's address as this service's configuration has it (the default one here).
        const cdn = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9' }).services.cdn.publicUrl;
        const renderer = `${cdn}/npm/@scalar/api-reference@${REFERENCE_RENDERER_VERSION}/dist/browser/standalone.js`;
        assert.match(REFERENCE_RENDERER_INTEGRITY, /^sha384-[A-Za-z0-9+/]{64}$/);
        const init = await get('/docs/init.js');
        assert.match(String(init.headers['content-type']), /^text\/javascript/);
        assert.ok(init.body.includes(`script.src = ${JSON.stringify(renderer)};`), init.body);
        assert.ok(init.body.includes(`script.integrity = ${JSON.stringify(REFERENCE_RENDERER_INTEGRITY)};`));
        assert.match(init.body, /script\.crossOrigin = 'anonymous';/);
        assert.match(init.body, /createApiReference\(element/);
        assert.match(init.body, /telemetry: false/);
        assert.match(init.body, /withDefaultFonts: false/);
        const csp = String(docs.headers['content-security-policy']);
        assert.ok(csp.includes(`script-src 'self' ${renderer}; `), csp);
        assert.match(csp, /connect-src 'self';/, 'the contract from this service only');
        assert.equal((await get('/docs/scalar.js')).statusCode, 404, 'no copy of the renderer here');
      });

      it('answers health and metrics', async () => {
        assert.equal((await get('/healthz')).statusCode, 200);
        assert.equal((await get('/readyz')).statusCode, 200);
      });

      it('is not ready while its statistics store cannot answer', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-ready-'));
        const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
        const own = await openStatsStore(config);
        const probe = await buildDataApp(config, { store: packages, stats: own, ingestIntervalMs: false, now: () => NOW });
        try {
          assert.equal((await probe.inject('/readyz')).statusCode, 200);
          await own.close();
          const closed = await probe.inject('/readyz');
          assert.equal(closed.statusCode, 503);
          assert.equal(closed.json().status, 'not ready');
          assert.equal((await probe.inject('/healthz')).statusCode, 200, 'alive all the same');
        } finally {
          await probe.close();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  });
