/**
 * Browser and platform market shares, overall and broken down by version, country and each other, with
 * the `country` / `continent` filters and the share of the previous period. Shares are percentages with
 * two decimals: of all requests in the filter, of the requests of the named browser or platform, or of
 * the requests from each country, as the contract describes each list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DayRange } from '../../stats/periods.ts';
import type { ClientColumn, ClientFilter } from '../../stats/store.ts';
import { platformVersionName } from '../../stats/userAgent.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { badRequest } from '../http/errors.ts';
import { parsePaging, setPagingHeaders } from '../http/paging.ts';
import type { OperationId, ValidPath, ValidQuery } from '../openapi/routeSchemas.ts';
import { parseLocation, periodParam } from '../params.ts';

type Row = Record<ClientColumn, string> & { hits: number };

interface ShareSpec {
  group: ClientColumn[];
  filter: ClientFilter;
  /** What a share is a percentage of: all requests under `base`, or the requests of each row's country. */
  per: 'total' | 'country';
  base: ClientFilter;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

async function shareMap(ctx: DataContext, range: DayRange, spec: ShareSpec): Promise<Map<string, { row: Row; share: number }>> {
  const rows = (await ctx.stats.clientHits(range, spec.group, spec.filter)).filter((r) => !spec.group.includes('country') || r.country !== '');
  const result = new Map<string, { row: Row; share: number }>();
  if (spec.per === 'total') {
    const [all] = await ctx.stats.clientHits(range, [], spec.base);
    const total = all?.hits ?? 0;
    for (const r of rows) result.set(keyOf(r, spec.group), { row: r, share: total ? round2((r.hits / total) * 100) : 0 });
  } else {
    const byCountry = new Map((await ctx.stats.clientHits(range, ['country'], spec.base)).map((r) => [r.country, r.hits]));
    for (const r of rows) {
      const total = byCountry.get(r.country) ?? 0;
      result.set(keyOf(r, spec.group), { row: r, share: total ? round2((r.hits / total) * 100) : 0 });
    }
  }
  return result;
}

const keyOf = (row: Row, group: readonly ClientColumn[]): string => group.map((c) => row[c]).join('\u0000');

function pathParam(name: 'name' | 'version', value: string): string {
  if (value === '' || value.length > 100) throw badRequest(`Invalid parameter value: ${name} "${value}" is not valid.`);
  return value;
}

/** Every list of shares takes the same query: a static period, a country or continent, paging. */
type ShareQuery = ValidQuery<'listTopBrowsers', 'period' | 'limit' | 'page'>;
type ShareRoute<Op extends OperationId> = { Querystring: ShareQuery; Params: ValidPath<Op> };

async function sendShares(
  ctx: DataContext,
  request: FastifyRequest<{ Querystring: ShareQuery }>,
  reply: FastifyReply,
  build: (countries: string[] | undefined) => ShareSpec,
  present: (row: Row, share: number, prev: number | null) => Record<string, unknown>,
) {
  const { query } = request;
  const location = parseLocation(query);
  const period = periodParam(query.period, await ctx.periodContext(), { staticOnly: true });
  const paging = parsePaging(query);
  const spec = build(location.countries);
  const current = [...(await shareMap(ctx, period, spec)).values()].sort(
    (a, b) => b.share - a.share || b.row.hits - a.row.hits || (keyOf(a.row, spec.group) < keyOf(b.row, spec.group) ? -1 : 1),
  );
  const previous = period.prev ? await shareMap(ctx, period.prev, spec) : new Map<string, { share: number }>();
  const [prevAny] = period.prev ? await ctx.stats.clientHits(period.prev, [], spec.base) : [];
  const prevHasData = (prevAny?.hits ?? 0) > 0;
  setPagingHeaders(request, reply, ctx.baseUrl, paging, current.length);
  cacheFor(reply, 'stats', ctx.now());
  return current.slice(paging.offset, paging.offset + paging.limit).map(({ row, share }) => {
    const before = previous.get(keyOf(row, spec.group));
    return present(row, share, before ? before.share : prevHasData ? 0 : null);
  });
}

export function registerClientStats(app: FastifyInstance, ctx: DataContext): void {
  const u = (path: string): string => `${ctx.baseUrl}/v1/stats/${path}`;
  const e = encodeURIComponent;
  const countryLinks = (country: string) => ({ browsers: u(`browsers?country=${country}`), platforms: u(`platforms?country=${country}`) });
  const browserLinks = (name: string) => ({
    countries: u(`browsers/${e(name)}/countries`),
    platforms: u(`browsers/${e(name)}/platforms`),
    versions: u(`browsers/${e(name)}/versions`),
  });
  const platformLinks = (name: string) => ({
    browsers: u(`platforms/${e(name)}/browsers`),
    countries: u(`platforms/${e(name)}/countries`),
    versions: u(`platforms/${e(name)}/versions`),
  });

  // Browsers
  app.get<ShareRoute<'listTopBrowsers'>>('/v1/stats/browsers', { schema: ctx.schemas.route('listTopBrowsers') }, (request, reply) =>
    sendShares(
      ctx,
      request,
      reply,
      (countries) => ({ group: ['browser'], filter: { countries }, per: 'total', base: { countries } }),
      (row, share, prev) => ({
        name: row.browser,
        share,
        prev: { share: prev },
        links: browserLinks(row.browser),
      }),
    ),
  );
  app.get<ShareRoute<'listTopBrowsersVersions'>>('/v1/stats/browsers/versions', { schema: ctx.schemas.route('listTopBrowsersVersions') }, (request, reply) =>
    sendShares(
      ctx,
      request,
      reply,
      (countries) => ({ group: ['browser', 'browser_version'], filter: { countries }, per: 'total', base: { countries } }),
      (row, share, prev) => ({
        name: row.browser,
        version: row.browser_version,
        share,
        prev: { share: prev },
        links: { countries: u(`browsers/${e(row.browser)}/versions/${e(row.browser_version)}/countries`) },
      }),
    ),
  );
  app.get<ShareRoute<'listTopBrowserCountries'>>(
    '/v1/stats/browsers/:name/countries',
    { schema: ctx.schemas.route('listTopBrowserCountries') },
    (request, reply) => {
      const browser = pathParam('name', request.params.name);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['country'], filter: { countries, browser }, per: 'country', base: { countries } }),
        (row, share, prev) => ({
          country: row.country,
          share,
          prev: { share: prev },
          links: countryLinks(row.country),
        }),
      );
    },
  );
  app.get<ShareRoute<'listTopBrowserPlatforms'>>(
    '/v1/stats/browsers/:name/platforms',
    { schema: ctx.schemas.route('listTopBrowserPlatforms') },
    (request, reply) => {
      const browser = pathParam('name', request.params.name);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['platform'], filter: { countries, browser }, per: 'total', base: { countries, browser } }),
        (row, share, prev) => ({
          name: row.platform,
          share,
          prev: { share: prev },
          links: platformLinks(row.platform),
        }),
      );
    },
  );
  app.get<ShareRoute<'listTopBrowserVersions'>>(
    '/v1/stats/browsers/:name/versions',
    { schema: ctx.schemas.route('listTopBrowserVersions') },
    (request, reply) => {
      const browser = pathParam('name', request.params.name);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['browser_version'], filter: { countries, browser }, per: 'total', base: { countries } }),
        (row, share, prev) => ({
          version: row.browser_version,
          share,
          prev: { share: prev },
          links: { countries: u(`browsers/${e(browser)}/versions/${e(row.browser_version)}/countries`) },
        }),
      );
    },
  );
  app.get<ShareRoute<'listTopBrowserVersionCountries'>>(
    '/v1/stats/browsers/:name/versions/:version/countries',
    { schema: ctx.schemas.route('listTopBrowserVersionCountries') },
    (request, reply) => {
      const browser = pathParam('name', request.params.name);
      const browserVersion = pathParam('version', request.params.version);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['country'], filter: { countries, browser, browserVersion }, per: 'country', base: { countries } }),
        (row, share, prev) => ({
          country: row.country,
          share,
          prev: { share: prev },
          links: countryLinks(row.country),
        }),
      );
    },
  );

  // Platforms
  app.get<ShareRoute<'listTopPlatforms'>>('/v1/stats/platforms', { schema: ctx.schemas.route('listTopPlatforms') }, (request, reply) =>
    sendShares(
      ctx,
      request,
      reply,
      (countries) => ({ group: ['platform'], filter: { countries }, per: 'total', base: { countries } }),
      (row, share, prev) => ({
        name: row.platform,
        share,
        prev: { share: prev },
        links: platformLinks(row.platform),
      }),
    ),
  );
  app.get<ShareRoute<'listTopPlatformsVersions'>>('/v1/stats/platforms/versions', { schema: ctx.schemas.route('listTopPlatformsVersions') }, (request, reply) =>
    sendShares(
      ctx,
      request,
      reply,
      (countries) => ({ group: ['platform', 'platform_version'], filter: { countries }, per: 'total', base: { countries } }),
      (row, share, prev) => ({
        name: row.platform,
        version: row.platform_version,
        versionName: platformVersionName(row.platform, row.platform_version),
        share,
        prev: { share: prev },
        links: { countries: u(`platforms/${e(row.platform)}/versions/${e(row.platform_version)}/countries`) },
      }),
    ),
  );
  app.get<ShareRoute<'listTopPlatformBrowsers'>>(
    '/v1/stats/platforms/:name/browsers',
    { schema: ctx.schemas.route('listTopPlatformBrowsers') },
    (request, reply) => {
      const platform = pathParam('name', request.params.name);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['browser'], filter: { countries, platform }, per: 'total', base: { countries, platform } }),
        (row, share, prev) => ({
          name: row.browser,
          share,
          prev: { share: prev },
          links: browserLinks(row.browser),
        }),
      );
    },
  );
  app.get<ShareRoute<'listTopPlatformCountries'>>(
    '/v1/stats/platforms/:name/countries',
    { schema: ctx.schemas.route('listTopPlatformCountries') },
    (request, reply) => {
      const platform = pathParam('name', request.params.name);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['country'], filter: { countries, platform }, per: 'country', base: { countries } }),
        (row, share, prev) => ({
          country: row.country,
          share,
          prev: { share: prev },
          links: countryLinks(row.country),
        }),
      );
    },
  );
  app.get<ShareRoute<'listTopPlatformVersions'>>(
    '/v1/stats/platforms/:name/versions',
    { schema: ctx.schemas.route('listTopPlatformVersions') },
    (request, reply) => {
      const platform = pathParam('name', request.params.name);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['platform_version'], filter: { countries, platform }, per: 'total', base: { countries } }),
        (row, share, prev) => ({
          version: row.platform_version,
          versionName: platformVersionName(platform, row.platform_version),
          share,
          prev: { share: prev },
          links: { countries: u(`platforms/${e(platform)}/versions/${e(row.platform_version)}/countries`) },
        }),
      );
    },
  );
  app.get<ShareRoute<'listTopPlatformVersionCountries'>>(
    '/v1/stats/platforms/:name/versions/:version/countries',
    { schema: ctx.schemas.route('listTopPlatformVersionCountries') },
    (request, reply) => {
      const platform = pathParam('name', request.params.name);
      const platformVersion = pathParam('version', request.params.version);
      return sendShares(
        ctx,
        request,
        reply,
        (countries) => ({ group: ['country'], filter: { countries, platform, platformVersion }, per: 'country', base: { countries } }),
        (row, share, prev) => ({
          country: row.country,
          share,
          prev: { share: prev },
          links: countryLinks(row.country),
        }),
      );
    },
  );
}
