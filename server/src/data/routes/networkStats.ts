/** Network-wide statistics: by provider, by content (packages, proxies, other) and by country. */
import type { FastifyInstance } from 'fastify';
import { countryName, providerName } from '../../stats/geography.ts';
import { adjustPrev, type ResolvedPeriod } from '../../stats/periods.ts';
import type { DailyTotals, Metric } from '../../stats/store.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import type { ValidQuery } from '../openapi/routeSchemas.ts';
import { parseLocation, periodParam } from '../params.ts';
import { extendedDates, seriesOf } from '../series.ts';

function groupByKey(rows: ReadonlyArray<{ key: string } & DailyTotals>): Map<string, DailyTotals[]> {
  const map = new Map<string, DailyTotals[]>();
  for (const row of rows) {
    const list = map.get(row.key) ?? [];
    list.push(row);
    map.set(row.key, list);
  }
  return map;
}

const sum = (rows: readonly DailyTotals[] | undefined, metric: Metric): number => (rows ?? []).reduce((n, r) => n + r[metric], 0);

export function registerNetworkStats(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Querystring: ValidQuery<'getNetworkStats', 'period'> }>(
    '/v1/stats/network',
    { schema: ctx.schemas.route('getNetworkStats') },
    async (request, reply) => {
      const location = parseLocation(request.query);
      const period = periodParam(request.query.period, await ctx.periodContext());
      const current = groupByKey(await ctx.stats.networkDaily(period, 'provider', location.countries));
      const previous = period.prev ? groupByKey(await ctx.stats.networkDaily(period.prev, 'provider', location.countries)) : new Map<string, DailyTotals[]>();
      const section = (metric: Metric) => {
        const providers = [...current.entries()]
          .map(([code, rows]) => {
            const series = seriesOf(period, rows)[metric];
            return {
              code,
              name: providerName(code),
              total: series.total,
              dates: extendedDates(series.dates),
              prev: { total: adjustPrev(sum(previous.get(code), metric), period) },
            };
          })
          .filter((p) => p.total > 0)
          .sort((a, b) => b.total - a.total);
        const total = providers.reduce((n, p) => n + p.total, 0);
        const prevTotal = [...previous.values()].reduce((n, rows) => n + sum(rows, metric), 0);
        return { total, providers, prev: { total: adjustPrev(prevTotal, period) } };
      };
      cacheFor(reply, 'stats', ctx.now());
      return { hits: section('hits'), bandwidth: section('bandwidth') };
    },
  );

  app.get<{ Querystring: ValidQuery<'getNetworkContentStats', 'period'> }>(
    '/v1/stats/network/content',
    { schema: ctx.schemas.route('getNetworkContentStats') },
    async (request, reply) => {
      const period = periodParam(request.query.period, await ctx.periodContext());
      const current = groupByKey(await ctx.stats.networkDaily(period, 'content'));
      const previous = period.prev ? groupByKey(await ctx.stats.networkDaily(period.prev, 'content')) : new Map<string, DailyTotals[]>();
      const section = (metric: Metric) => {
        const part = (content: string) => {
          const series = seriesOf(period, current.get(content))[metric];
          return { total: series.total, dates: extendedDates(series.dates), prev: { total: adjustPrev(sum(previous.get(content), metric), period) } };
        };
        const packages = part('packages');
        const proxies = part('proxies');
        const other = part('other');
        const prevTotal = packages.prev.total + proxies.prev.total + other.prev.total;
        return { total: packages.total + proxies.total + other.total, packages, proxies, other, prev: { total: prevTotal } };
      };
      cacheFor(reply, 'stats', ctx.now());
      return { hits: section('hits'), bandwidth: section('bandwidth') };
    },
  );

  app.get<{ Querystring: ValidQuery<'getNetworkCountriesStats', 'period'> }>(
    '/v1/stats/network/countries',
    { schema: ctx.schemas.route('getNetworkCountriesStats') },
    async (request, reply) => {
      const period = periodParam(request.query.period, await ctx.periodContext());
      const current = await ctx.stats.networkByCountry(period);
      const previous = period.prev ? await ctx.stats.networkByCountry(period.prev) : [];
      cacheFor(reply, 'stats', ctx.now());
      return { hits: countrySection(current, previous, 'hits', period), bandwidth: countrySection(current, previous, 'bandwidth', period) };
    },
  );
}

type CountryRow = { country: string; provider: string; hits: number; bandwidth: number };

function countrySection(current: readonly CountryRow[], previous: readonly CountryRow[], metric: Metric, period: ResolvedPeriod) {
  const countries = new Map<string, { total: number; providers: Map<string, number> }>();
  for (const row of current) {
    if (!row.country) continue; // requests whose country the edge did not tell count in the total only
    const entry = countries.get(row.country) ?? { total: 0, providers: new Map() };
    entry.total += row[metric];
    entry.providers.set(row.provider, (entry.providers.get(row.provider) ?? 0) + row[metric]);
    countries.set(row.country, entry);
  }
  const prevByCountry = new Map<string, number>();
  for (const row of previous) prevByCountry.set(row.country, (prevByCountry.get(row.country) ?? 0) + row[metric]);
  const list = [...countries.entries()]
    .filter(([, entry]) => entry.total > 0)
    .map(([code, entry]) => ({
      code,
      name: countryName(code),
      total: entry.total,
      providers: [...entry.providers.entries()]
        .filter(([, total]) => total > 0)
        .map(([provider, total]) => ({ code: provider, name: providerName(provider), total }))
        .sort((a, b) => b.total - a.total),
      prev: { total: adjustPrev(prevByCountry.get(code) ?? 0, period) },
    }))
    .sort((a, b) => b.total - a.total);
  return {
    total: current.reduce((n, r) => n + r[metric], 0),
    countries: list,
    prev: {
      total: adjustPrev(
        previous.reduce((n, r) => n + r[metric], 0),
        period,
      ),
    },
  };
}
