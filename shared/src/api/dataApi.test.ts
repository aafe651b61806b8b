/**
 * @jest-environment node
 */
import { resetRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { startFixtureServer, type FixtureServer } from '../testing/fixtureServer';
import { testRuntimeConfig } from '../testing/runtimeConfigFixture';
import {
  badgeUrl,
  dataApiUrl,
  getEntrypoints,
  getNetworkContent,
  getNetworkCountries,
  getNetworkStats,
  getPackageFiles,
  getPackageFlatFiles,
  getPackageStats,
  getPackageVersions,
  getPackageVersionsStats,
  getPeriods,
  getProxyFiles,
  getProxyStats,
  getShareStats,
  getTopPackages,
  getTopPackagesCount,
  getVersionFilesStats,
} from './dataApi';
import { clearHttpCache } from './http';

let server: FixtureServer;

/** Answers every path with what was asked (and lists with one row), so each test sees the exact URL a call produced. */
function echoServer(headers: Record<string, string>): Promise<FixtureServer> {
  const routes = new Proxy({}, { get: () => (request: { url?: string }) => ({ body: { url: request.url }, headers }) });
  return startFixtureServer(routes);
}

beforeEach(() => clearHttpCache());
afterEach(async () => {
  resetRuntimeConfig();
  await server?.close();
});

describe('URLs', () => {
  beforeEach(async () => {
    server = await echoServer({ 'x-total-count': '120', 'x-total-pages': '12' });
    setRuntimeConfig(testRuntimeConfig(`${server.url}/`));
  });

  const urlOf = async (call: Promise<unknown>): Promise<string> => ((await call) as { url: string }).url;

  it('builds package metadata paths, keeping the @ and / of scoped names', async () => {
    expect(await urlOf(getPackageVersions('npm', '@popperjs/core'))).toBe('/v1/packages/npm/@popperjs/core');
    expect(await urlOf(getPackageVersions('gh', 'twbs/bootstrap'))).toBe('/v1/packages/gh/twbs/bootstrap');
    expect(await urlOf(getPackageFiles('npm', 'jquery', '3.7.1'))).toBe('/v1/packages/npm/jquery@3.7.1');
    expect(await urlOf(getPackageFlatFiles('npm', 'jquery', '3.7.1'))).toBe('/v1/packages/npm/jquery@3.7.1?structure=flat');
    expect(await urlOf(getEntrypoints('npm', '@popperjs/core', '2.11.8'))).toBe('/v1/packages/npm/@popperjs/core@2.11.8/entrypoints');
  });

  it('escapes characters that would change the path', async () => {
    expect(await urlOf(getPackageFiles('gh', 'user/repo', 'feature#1 x'))).toBe('/v1/packages/gh/user/repo@feature%231%20x');
  });

  it('builds package statistics paths with their query', async () => {
    expect(await urlOf(getPackageStats('npm', 'jquery', 'quarter'))).toBe('/v1/stats/packages/npm/jquery?period=quarter');
    expect(await urlOf(getPackageStats('npm', 'jquery'))).toBe('/v1/stats/packages/npm/jquery');
  });

  it('reads the paging headers of the top versions and top files', async () => {
    const versions = await getPackageVersionsStats('npm', 'jquery', { period: 'month', by: 'hits', limit: 5, page: 2 });
    expect(versions).toMatchObject({ totalCount: 120, totalPages: 12 });
    expect(server.requests).toContain('/v1/stats/packages/npm/jquery/versions?period=month&by=hits&limit=5&page=2');

    const files = await getVersionFilesStats('gh', 'twbs/bootstrap', 'v5.3.0', { period: 'year', by: 'bandwidth', limit: 5, page: 1 });
    expect(files).toMatchObject({ totalCount: 120, totalPages: 12 });
    expect(server.requests).toContain('/v1/stats/packages/gh/twbs/bootstrap@v5.3.0/files?period=year&by=bandwidth&limit=5&page=1');
  });

  it('lists top packages and reads only the total count with limit=1', async () => {
    const page = await getTopPackages({ type: 'npm', period: 'month', by: 'bandwidth', page: 3, limit: 10 });
    expect(server.requests).toContain('/v1/stats/packages?type=npm&period=month&by=bandwidth&limit=10&page=3');
    expect(page.totalPages).toBe(12);

    await expect(getTopPackagesCount({ period: 'year' })).resolves.toBe(120);
    expect(server.requests).toContain('/v1/stats/packages?period=year&limit=1&page=1');
  });

  it('builds network, periods and proxy paths', async () => {
    expect(await urlOf(getNetworkStats({ period: 'month', country: 'DE' }))).toBe('/v1/stats/network?period=month&country=DE');
    expect(await urlOf(getNetworkStats({ continent: 'EU' }))).toBe('/v1/stats/network?continent=EU');
    expect(await urlOf(getNetworkContent('year'))).toBe('/v1/stats/network/content?period=year');
    expect(await urlOf(getNetworkCountries('2026-10'))).toBe('/v1/stats/network/countries?period=2026-10');
    expect(await urlOf(getPeriods())).toBe('/v1/stats/periods');
    expect(await urlOf(getProxyStats('cocoa', 'quarter'))).toBe('/v1/stats/proxies/cocoa?period=quarter');
    await getProxyFiles('yocto-sstate', { page: 1, limit: 10, by: 'hits' });
    expect(server.requests).toContain('/v1/stats/proxies/yocto-sstate/files?by=hits&limit=10&page=1');
  });

  it('builds platform and browser paths', async () => {
    await getShareStats('platforms', [], { period: 'month', limit: 10 });
    await getShareStats('browsers', ['versions'], { country: 'US' });
    await getShareStats('browsers', ['Microsoft Edge', 'versions', '120', 'countries'], { period: 's-month' });
    expect(server.requests).toEqual([
      '/v1/stats/platforms?period=month&limit=10',
      '/v1/stats/browsers/versions?country=US',
      '/v1/stats/browsers/Microsoft%20Edge/versions/120/countries?period=s-month',
    ]);
  });
});

describe('badgeUrl', () => {
  it('points at the data API, with style=rounded only for the rounded badge', () => {
    setRuntimeConfig(testRuntimeConfig('https://data.example.test'));
    expect(badgeUrl('npm', 'jquery')).toBe('https://data.example.test/v1/package/npm/jquery/badge');
    expect(badgeUrl('npm', '@popperjs/core', 'rounded')).toBe('https://data.example.test/v1/package/npm/@popperjs/core/badge?style=rounded');
  });
});

describe('dataApiUrl', () => {
  it('refuses to build a URL before the runtime configuration is loaded', () => {
    expect(() => dataApiUrl('/v1/stats/periods')).toThrow(/not loaded yet/);
  });

  it('leaves out empty query values', () => {
    setRuntimeConfig(testRuntimeConfig('http://api.test/'));
    expect(dataApiUrl('/v1/stats/network', { period: undefined, country: '', continent: null, page: 0 })).toBe('http://api.test/v1/stats/network?page=0');
  });
});

it('rejects with the error body when the package does not exist', async () => {
  server = await startFixtureServer({ '/v1/packages/npm/does-not-exist': { status: 404, body: { status: 404, message: "Couldn't find does-not-exist." } } });
  setRuntimeConfig(testRuntimeConfig(server.url));
  await expect(getPackageVersions('npm', 'does-not-exist')).rejects.toEqual({ status: 404, message: "Couldn't find does-not-exist." });
  await expect(getPackageVersions('npm', 'does-not-exist', { rejectWithStatus: true })).rejects.toBe(404);
});
