/**
 * Browser and platform market shares, overall and broken down by version, country and each other, with
 * the `country` / `continent` filters and the share of the previous period. Shares are percentages with
 * two decimals: of all requests in the filter, of the requests of the named browser or platform, or of
 * the requests from each country, as the contract describes each list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShareRow, ShareSpec } from '../../stats/read/clients.ts';
import type { ClientColumn } from '../../stats/types.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { badRequest } from '../http/errors.ts';
import { parsePaging, setPagingHeaders } from '../http/paging.ts';
import type { OperationId, ValidQuery } from '../openapi/routeSchemas.ts';
import { parseLocation } from '../params.ts';

type Row = ShareRow;

function pathParam(name: 'name' | 'version', value: string): string {
  if (value === '' || value.length > 100) throw badRequest(`Invalid parameter value: ${name} "${value}" is not valid.`);
  return value;
}

/** Every list of shares takes the same query: a static period, a country or continent, paging. */
type ShareQuery = ValidQuery<'listTopBrowsers', 'period' | 'limit' | 'page'>;
/** A list's path may name a browser or platform (`name`) and one of its versions (`version`). */
type ShareParams = Partial<Record<'name' | 'version', string>>;
type ShareRoute = { Querystring: ShareQuery; Params: ShareParams };
type ShareRequest = FastifyRequest<ShareRoute>;

/** An item of a list: the fields saying what it is (written before `share` and `prev`) and its links (after). */
interface Item {
  fields: Record<string, string>;
  links: Record<string, string>;
}

/** What tells one list of shares from another. */
interface ShareEndpoint {
  /** The Fastify address under `/v1/stats/`. */
  path: string;
  /** The columns a row of the list is counted by. */
  by: ClientColumn[];
  /** What the path's `name` (and `version`) select, when it has them. */
  named?: 'browser' | 'platform';
  /** What a share is a percentage of: all requests in the location, those of the named browser or platform, or those from the row's country. */
  of: 'all' | 'named' | 'country';
  /** The item a row becomes; the row also holds the browser or platform (and version) the path names. */
  item: (row: Row) => Item;
}

async function sendShares(
  ctx: DataContext,
  request: FastifyRequest<{ Querystring: ShareQuery }>,
  reply: FastifyReply,
  spec: ShareSpec,
  item: ShareEndpoint['item'],
) {
  const { query } = request;
  const period = await ctx.period(query.period);
  const paging = parsePaging(query);
  const shares = await ctx.stats.clients.shares(period, spec, paging);
  setPagingHeaders(request, reply, ctx.baseUrl, paging, shares.total);
  cacheFor(reply, 'stats', ctx.now());
  return shares.rows.map(({ row, share, prev }) => {
    const { fields, links } = item(row);
    return { ...fields, share, prev, links };
  });
}

/** What a request asks for: the browser or platform (and version) its path names, checked first, then its location. */
function shareSpec(endpoint: ShareEndpoint, { params, query }: ShareRequest): ShareSpec {
  const name = endpoint.named && pathParam('name', params.name ?? '');
  const version = params.version === undefined ? undefined : pathParam('version', params.version);
  const subject = name === undefined ? {} : endpoint.named === 'browser' ? { browser: name } : { platform: name };
  const ofVersion = version === undefined ? {} : endpoint.named === 'browser' ? { browserVersion: version } : { platformVersion: version };
  const { countries } = parseLocation(query);
  const base = endpoint.of === 'named' ? { countries, ...subject } : { countries };
  return { group: endpoint.by, filter: { countries, ...subject, ...ofVersion }, per: endpoint.of === 'country' ? 'country' : 'total', base };
}

export function registerClientStats(app: FastifyInstance, ctx: DataContext): void {
  const u = (path: string): string => `${ctx.baseUrl}/v1/stats/${path}`;
  const e = encodeURIComponent;
  const country = (row: Row): Item => ({
    fields: { country: row.country },
    links: { browsers: u(`browsers?country=${row.country}`), platforms: u(`platforms?country=${row.country}`) },
  });
  const browser = (row: Row): Item => {
    const at = `browsers/${e(row.browser)}`;
    return { fields: { name: row.browser }, links: { countries: u(`${at}/countries`), platforms: u(`${at}/platforms`), versions: u(`${at}/versions`) } };
  };
  const platform = (row: Row): Item => {
    const at = `platforms/${e(row.platform)}`;
    return { fields: { name: row.platform }, links: { browsers: u(`${at}/browsers`), countries: u(`${at}/countries`), versions: u(`${at}/versions`) } };
  };
  const browserVersion = (row: Row): Item => ({
    fields: { version: row.browser_version },
    links: { countries: u(`browsers/${e(row.browser)}/versions/${e(row.browser_version)}/countries`) },
  });
  const platformVersion = (row: Row): Item => ({
    fields: { version: row.platform_version, versionName: row.versionName ?? row.platform_version },
    links: { countries: u(`platforms/${e(row.platform)}/versions/${e(row.platform_version)}/countries`) },
  });
  /** A version in a list across every browser (platform) names its browser (platform) first. */
  const withName =
    (column: 'browser' | 'platform', version: (row: Row) => Item) =>
    (row: Row): Item => {
      const { fields, links } = version(row);
      return { fields: { name: row[column], ...fields }, links };
    };

  const endpoints: Partial<Record<OperationId, ShareEndpoint>> = {
    listTopBrowsers: { path: 'browsers', by: ['browser'], of: 'all', item: browser },
    listTopBrowsersVersions: { path: 'browsers/versions', by: ['browser', 'browser_version'], of: 'all', item: withName('browser', browserVersion) },
    listTopBrowserCountries: { path: 'browsers/:name/countries', by: ['country'], named: 'browser', of: 'country', item: country },
    listTopBrowserPlatforms: { path: 'browsers/:name/platforms', by: ['platform'], named: 'browser', of: 'named', item: platform },
    listTopBrowserVersions: { path: 'browsers/:name/versions', by: ['browser_version'], named: 'browser', of: 'all', item: browserVersion },
    listTopBrowserVersionCountries: { path: 'browsers/:name/versions/:version/countries', by: ['country'], named: 'browser', of: 'country', item: country },
    listTopPlatforms: { path: 'platforms', by: ['platform'], of: 'all', item: platform },
    listTopPlatformsVersions: { path: 'platforms/versions', by: ['platform', 'platform_version'], of: 'all', item: withName('platform', platformVersion) },
    listTopPlatformBrowsers: { path: 'platforms/:name/browsers', by: ['browser'], named: 'platform', of: 'named', item: browser },
    listTopPlatformCountries: { path: 'platforms/:name/countries', by: ['country'], named: 'platform', of: 'country', item: country },
    listTopPlatformVersions: { path: 'platforms/:name/versions', by: ['platform_version'], named: 'platform', of: 'all', item: platformVersion },
    listTopPlatformVersionCountries: { path: 'platforms/:name/versions/:version/countries', by: ['country'], named: 'platform', of: 'country', item: country },
  };

  // `Object.entries` types keys as strings; these are the table's operation ids.
  for (const [operationId, endpoint] of Object.entries(endpoints) as Array<[OperationId, ShareEndpoint]>)
    app.get<ShareRoute>(`/v1/stats/${endpoint.path}`, { schema: ctx.schemas.route(operationId) }, (request, reply) => {
      return sendShares(ctx, request, reply, shareSpec(endpoint, request), endpoint.item);
    });
}
