/**
 * The answers of the network statistics, each read in one query over the period and its previous period
 * together: requests and bytes by provider, by content and by country, and each provider's cache answers.
 */
import { countryName, providerName } from '../geography.ts';
import { adjustPrev, type DayRange, type ResolvedPeriod } from '../periods.ts';
import { placeholders, type SqlEngine, type SqlValue } from '../sql/engine.ts';
import type { DailyTotals, Metric } from '../types.ts';
import { extendedDates, seriesOf, spanWithPrev } from './series.ts';

type Dates = Record<string, { total: number }>;
type PerMetric<T> = Record<Metric, T>;

export interface ProviderFigures {
  code: string;
  name: string;
  total: number;
  dates: Dates;
  prev: { total: number };
}

export type NetworkByProvider = PerMetric<{ total: number; providers: ProviderFigures[]; prev: { total: number } }>;

type ContentFigures = { total: number; dates: Dates; prev: { total: number } };
export type NetworkByContent = PerMetric<{
  total: number;
  packages: ContentFigures;
  proxies: ContentFigures;
  other: ContentFigures;
  prev: { total: number };
}>;

export interface CountryFigures {
  code: string;
  name: string;
  total: number;
  providers: Array<{ code: string; name: string; total: number }>;
  prev: { total: number };
}

export type NetworkByCountry = PerMetric<{ total: number; countries: CountryFigures[]; prev: { total: number } }>;

export interface ProviderCacheFigures {
  code: string;
  name: string;
  /** Percent of the measured requests answered from cache (fresh or stale), two decimals; null when none was measured. */
  cacheHitRate: number | null;
  requests: { hit: number; miss: number; stale: number };
}

const sum = (rows: readonly DailyTotals[] | undefined, metric: Metric): number => (rows ?? []).reduce((n, r) => n + r[metric], 0);

/** Rows by key, in the order the keys first come. */
function groupByKey(rows: ReadonlyArray<{ key: string } & DailyTotals>, range: DayRange | null): Map<string, DailyTotals[]> {
  const map = new Map<string, DailyTotals[]>();
  if (!range) return map;
  for (const row of rows) {
    if (row.day < range.from || row.day > range.to) continue;
    const list = map.get(row.key) ?? [];
    list.push(row);
    map.set(row.key, list);
  }
  return map;
}

export class NetworkReads {
  constructor(private readonly engine: SqlEngine) {}

  /** Requests and bytes by provider, of the countries given (all by default). */
  async byProvider(period: ResolvedPeriod, countries?: readonly string[]): Promise<NetworkByProvider> {
    const rows = await this.daily(spanWithPrev(period), 'provider', countries);
    const current = groupByKey(rows, period);
    const previous = groupByKey(rows, period.prev);
    const section = (metric: Metric) => {
      const providers = [...current.entries()]
        .map(([code, days]) => {
          const series = seriesOf(period, days)[metric];
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
      const prevTotal = [...previous.values()].reduce((n, days) => n + sum(days, metric), 0);
      return { total, providers, prev: { total: adjustPrev(prevTotal, period) } };
    };
    return { hits: section('hits'), bandwidth: section('bandwidth') };
  }

  /** Requests and bytes of packages, of proxies and of everything else. */
  async byContent(period: ResolvedPeriod): Promise<NetworkByContent> {
    const rows = await this.daily(spanWithPrev(period), 'content');
    const current = groupByKey(rows, period);
    const previous = groupByKey(rows, period.prev);
    const section = (metric: Metric) => {
      const part = (content: string): ContentFigures => {
        const series = seriesOf(period, current.get(content))[metric];
        return { total: series.total, dates: extendedDates(series.dates), prev: { total: adjustPrev(sum(previous.get(content), metric), period) } };
      };
      const packages = part('packages');
      const proxies = part('proxies');
      const other = part('other');
      const prevTotal = packages.prev.total + proxies.prev.total + other.prev.total;
      return { total: packages.total + proxies.total + other.total, packages, proxies, other, prev: { total: prevTotal } };
    };
    return { hits: section('hits'), bandwidth: section('bandwidth') };
  }

  /** Requests and bytes by country, each with its providers. */
  async byCountry(period: ResolvedPeriod): Promise<NetworkByCountry> {
    const from = period.from;
    const span = spanWithPrev(period);
    // Per country and provider, the sums of each period and how many days of each it has rows of: a pair
    // counts in a period only where it has rows there, as if each period had been read on its own.
    const rows = await this.engine.all<{ country: string; provider: string } & Record<string, number>>(
      `SELECT country, provider,
         SUM(CASE WHEN day >= ? THEN hits ELSE 0 END) AS hits, SUM(CASE WHEN day >= ? THEN bandwidth ELSE 0 END) AS bandwidth,
         SUM(CASE WHEN day >= ? THEN 1 ELSE 0 END) AS days,
         SUM(CASE WHEN day < ? THEN hits ELSE 0 END) AS prev_hits, SUM(CASE WHEN day < ? THEN bandwidth ELSE 0 END) AS prev_bandwidth,
         SUM(CASE WHEN day < ? THEN 1 ELSE 0 END) AS prev_days
       FROM daily_network WHERE day BETWEEN ? AND ? GROUP BY country, provider ORDER BY country, provider`,
      [from, from, from, from, from, from, span.from, span.to],
    );
    const current: CountryRow[] = [];
    const previous: CountryRow[] = [];
    for (const row of rows) {
      if (Number(row['days']) > 0)
        current.push({ country: row.country, provider: row.provider, hits: Number(row['hits']), bandwidth: Number(row['bandwidth']) });
      if (period.prev && Number(row['prev_days']) > 0) {
        previous.push({ country: row.country, provider: row.provider, hits: Number(row['prev_hits']), bandwidth: Number(row['prev_bandwidth']) });
      }
    }
    return { hits: countrySection(current, previous, 'hits', period), bandwidth: countrySection(current, previous, 'bandwidth', period) };
  }

  /** Each provider's cache hit rate: of the requests whose log line says where the bytes came from, the share answered from cache. */
  async providerCache(period: DayRange): Promise<ProviderCacheFigures[]> {
    const rows = await this.engine.all<{ provider: string; result: string; hits: number }>(
      'SELECT provider, result, SUM(hits) AS hits FROM daily_cache WHERE day BETWEEN ? AND ? GROUP BY provider, result',
      [period.from, period.to],
    );
    const counts = new Map<string, { hit: number; miss: number; stale: number }>();
    for (const row of rows) {
      const entry = counts.get(row.provider) ?? { hit: 0, miss: 0, stale: 0 };
      if (row.result === 'hit' || row.result === 'miss' || row.result === 'stale') entry[row.result] += Number(row.hits);
      counts.set(row.provider, entry);
    }
    return [...counts.entries()]
      .map(([code, requests]) => {
        const measured = requests.hit + requests.miss + requests.stale;
        const cacheHitRate = measured === 0 ? null : Math.round(((requests.hit + requests.stale) / measured) * 10_000) / 100;
        return { code, name: providerName(code), cacheHitRate, requests };
      })
      .sort((a, b) => a.code.localeCompare(b.code));
  }

  private async daily(range: DayRange, group: 'provider' | 'content', countries?: readonly string[]): Promise<Array<{ key: string } & DailyTotals>> {
    const filter = countries ? ` AND country IN (${placeholders(countries.length)})` : '';
    const rows = await this.engine.all<{ key: string; day: string; hits: number; bandwidth: number }>(
      `SELECT ${group} AS key, day, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_network
       WHERE day BETWEEN ? AND ?${filter} GROUP BY ${group}, day ORDER BY ${group}, day`,
      [range.from, range.to, ...((countries ?? []) as SqlValue[])],
    );
    return rows.map((r) => ({ key: r.key, day: r.day, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }));
  }
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
