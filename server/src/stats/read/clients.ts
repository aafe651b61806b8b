/**
 * Browser and platform shares, overall and broken down by version, country and each other, with the
 * share of the previous period: one query per answer. Shares are percentages with two decimals of all
 * requests under a base filter, or of the requests from each row's country.
 */
import type { DayRange, ResolvedPeriod } from '../periods.ts';
import { placeholders, type SqlEngine, type SqlValue } from '../sql/engine.ts';
import type { ClientColumn, ClientFilter, Page, Paged } from '../types.ts';
import { platformVersionName } from '../userAgent.ts';
import { spanWithPrev } from './series.ts';

export interface ShareSpec {
  /** The columns a row of the list is counted by. */
  group: ClientColumn[];
  /** Which requests the rows count: `base` and possibly a browser or platform (and version) more. */
  filter: ClientFilter;
  /** What a share is a percentage of: all requests under `base`, or the requests of each row's country under `base`. */
  per: 'total' | 'country';
  /** The requests a share is of; the same countries as `filter`, and no column `filter` does not also name. */
  base: ClientFilter;
}

/**
 * A row of a list: its columns (those it is counted by and those the filter fixes; the others absent), and
 * the version's name where it is a platform's version.
 */
export type ShareRow = Record<ClientColumn, string> & { versionName?: string };

export interface Share {
  row: ShareRow;
  /** The row's requests in the period. */
  hits: number;
  share: number;
  /** The share in the previous period: 0 where the row had none while others had some, null where there were none at all. */
  prev: { share: number | null };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The filter's single-value columns, as the table names them. */
const EXACT: Array<[ClientColumn, keyof ClientFilter]> = [
  ['browser', 'browser'],
  ['browser_version', 'browserVersion'],
  ['platform', 'platform'],
  ['platform_version', 'platformVersion'],
];

/** `day BETWEEN ? AND ?` with its values, or a condition no row meets when there is no range. */
const inRange = (range: DayRange | null): [string, SqlValue[]] => (range ? ['day BETWEEN ? AND ?', [range.from, range.to]] : ['1 = 0', []]);

export class ClientReads {
  constructor(private readonly engine: SqlEngine) {}

  /**
   * A page of shares in a period, largest first. One pass over the base filter's rows of both periods:
   * each group's requests under the filter and under the base alone, in the period and the previous one,
   * and the base's totals of each period over all groups.
   */
  async shares(period: ResolvedPeriod, spec: ShareSpec, page: Page): Promise<Paged<Share>> {
    const { group, filter, base } = spec;
    const fixed = EXACT.filter(([, key]) => base[key] !== undefined);
    const extra = EXACT.filter(([, key]) => base[key] === undefined && filter[key] !== undefined);
    const extraSql = extra.length ? extra.map(([column]) => `${column} = ?`).join(' AND ') : '1 = 1';
    const extraValues = extra.map(([, key]) => filter[key] as string);
    const [now, nowValues] = inRange(period);
    const [before, beforeValues] = inRange(period.prev);
    const perCountry = spec.per === 'country' ? 'PARTITION BY country' : '';
    const params: SqlValue[] = [];
    const sum = (condition: string, values: SqlValue[], value: 'hits' | '1', withExtra: boolean): string => {
      params.push(...values, ...(withExtra ? extraValues : []));
      return `SUM(CASE WHEN ${condition}${withExtra ? ` AND ${extraSql}` : ''} THEN ${value} ELSE 0 END)`;
    };
    const columns = [
      `${sum(now, nowValues, 'hits', true)} AS hits`,
      `${sum(now, nowValues, '1', true)} AS rows_now`,
      `${sum(before, beforeValues, 'hits', true)} AS prev_hits`,
      `${sum(before, beforeValues, '1', true)} AS prev_rows`,
      // The base's requests: of the row's country (shares per country), and of every row (the others).
      `SUM(${sum(now, nowValues, 'hits', false)}) OVER (${perCountry}) AS base_hits`,
      `SUM(${sum(before, beforeValues, 'hits', false)}) OVER (${perCountry}) AS prev_base_hits`,
      `SUM(${sum(before, beforeValues, 'hits', false)}) OVER () AS prev_base_total`,
    ];
    const span = spanWithPrev(period);
    const where = ['day BETWEEN ? AND ?'];
    params.push(span.from, span.to);
    if (base.countries) {
      where.push(`country IN (${placeholders(base.countries.length)})`);
      params.push(...base.countries);
    }
    for (const [column, key] of fixed) {
      where.push(`${column} = ?`);
      params.push(base[key] as string);
    }
    const rows = await this.engine.all<Record<string, string | number>>(
      `SELECT ${group.join(', ')}, ${columns.join(', ')} FROM daily_client WHERE ${where.join(' AND ')} GROUP BY ${group.join(', ')}`,
      params,
    );

    // Requests whose country is not known count in the totals, never as a country of their own.
    const listed = group.includes('country') ? rows.filter((r) => r['country'] !== '') : rows;
    const of = (r: Record<string, string | number>, hits: 'hits' | 'prev_hits'): number => {
      const total = Number(r[hits === 'hits' ? 'base_hits' : 'prev_base_hits']);
      return total ? round2((Number(r[hits]) / total) * 100) : 0;
    };
    const prevHasData = Number(rows[0]?.['prev_base_total'] ?? 0) > 0;
    const keyOf = (r: Record<string, string | number>): string => group.map((c) => r[c]).join('\u0000');
    const shares = listed
      .filter((r) => Number(r['rows_now']) > 0)
      .map((r) => ({ r, key: keyOf(r), hits: Number(r['hits']), share: of(r, 'hits') }))
      .sort((a, b) => b.share - a.share || b.hits - a.hits || (a.key < b.key ? -1 : 1));
    return {
      total: shares.length,
      rows: shares.slice(page.offset, page.offset + page.limit).map(({ r, hits, share }) => ({
        row: this.rowOf(r, group, filter),
        hits,
        share,
        prev: { share: Number(r['prev_rows']) > 0 ? of(r, 'prev_hits') : prevHasData ? 0 : null },
      })),
    };
  }

  private rowOf(r: Record<string, string | number>, group: readonly ClientColumn[], filter: ClientFilter): ShareRow {
    const row = {} as ShareRow;
    for (const [column, key] of EXACT) if (filter[key] !== undefined) row[column] = filter[key] as string;
    for (const column of group) row[column] = String(r[column]);
    if (row.platform !== undefined && row.platform_version !== undefined) row.versionName = platformVersionName(row.platform, row.platform_version);
    return row;
  }
}
