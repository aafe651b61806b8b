/**
 * The data API's statistics on both storage engines: periods, package statistics, network, browsers,
 * platforms and proxies, from one ingested request log. Package metadata and what every answer shares:
 * `metadataAndHttp.test.ts`, over the same fixture (`testing/apiFixture.ts`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config/config.ts';
import { buildDataApp } from './app.ts';
import { NOW, BASE, packages, ENGINES, openDataFixture, type DataFixture } from './testing/apiFixture.ts';

let fixture: DataFixture;
const get = (url: string, headers: Record<string, string> = {}) => fixture.get(url, headers);
// Answers are checked against the contract by the fixture's `get`; the tests then read their fields freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = <T = any>(url: string): Promise<T> => fixture.json<T>(url);

for (const engine of ENGINES)
  describe(`data API on ${engine}`, () => {
    before(async () => {
      fixture = await openDataFixture(engine);
    });
    after(() => fixture.close());

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
        // Floating periods too, the same days as the totals beside them on /statistics (the past 30 days).
        const lastThirtyDays = await json<Array<{ name: string; share: number }>>('/v1/stats/browsers?period=month');
        assert.ok(lastThirtyDays.length > 0);
        assert.ok(Math.abs(lastThirtyDays.reduce((sum, b) => sum + b.share, 0) - 100) < 0.1);
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
  });
