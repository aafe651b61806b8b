/** The two shapes of question most answers ask of a roll-up table: one key's days, and a page of a list with its days. */
import type { DayRange } from '../periods.ts';
import type { SqlEngine, SqlValue } from '../sql/engine.ts';
import type { DailyTotals, Metric, Page, Paged } from '../types.ts';

export const metricColumn = (by: Metric): string => (by === 'bandwidth' ? 'bandwidth' : 'hits');

const conditions = (of: Record<string, SqlValue>, table = ''): string =>
  Object.keys(of)
    .map((key) => `${table}${key} = ?`)
    .join(' AND ');

/** The days of one key of a roll-up in a range (one row a day: the key and the day are its primary key). */
export async function dailyRows(engine: SqlEngine, table: string, of: Record<string, SqlValue>, range: DayRange): Promise<DailyTotals[]> {
  const rows = await engine.all<{ day: string; hits: number; bandwidth: number }>(
    `SELECT day, hits, bandwidth FROM ${table} WHERE ${conditions(of)} AND day BETWEEN ? AND ?`,
    [...Object.values(of), range.from, range.to],
  );
  return rows.map((r) => ({ day: r.day, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }));
}

export interface TopQuestion {
  table: string;
  /** The key columns (and their values) that the list is of: a package's, a version's, a proxy's. */
  of: Record<string, SqlValue>;
  /** The column an item of the list is (`version`, `file`). */
  item: string;
  /** Further columns of an item, by name, each aggregated over the item's rows (`{ kind: 'MAX(kind)' }`). */
  attributes?: Record<string, string>;
  /** The order of the list, over `hits`, `bandwidth` and the item's column. */
  order: string;
  period: DayRange;
  page: Page;
  /** Whether each item's days are wanted too (they are by default). */
  days?: boolean;
}

export type TopItem<T> = { item: T; hits: number; bandwidth: number; days: DailyTotals[] };

/**
 * A page of a list by totals in a period (with every day of each item on it), and how many items the whole
 * list has, in one statement: the totals numbered in the list's order, the page taken, and its items' day
 * rows joined on. The count comes from a row of its own, so a page past the end still says how many there are.
 */
export async function topWithDays<T extends object>(
  engine: SqlEngine,
  { table, of, item, attributes = {}, order, period, page, days = true }: TopQuestion,
): Promise<Paged<TopItem<T>>> {
  const values = Object.values(of);
  const columns = [item, ...Object.entries(attributes).map(([name, sql]) => `${sql} AS ${name}`)];
  const rows = await engine.all<Record<string, string | number | null>>(
    `WITH totals AS (
       SELECT ${columns.join(', ')}, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth
       FROM ${table} WHERE ${conditions(of)} AND day BETWEEN ? AND ? GROUP BY ${item}),
     listed AS (
       SELECT * FROM (SELECT totals.*, ROW_NUMBER() OVER (ORDER BY ${order}) AS place FROM totals) AS numbered
       WHERE place > ? AND place <= ?)
     SELECT counted.n AS total, listed.*${days ? ', days.day AS day, days.hits AS day_hits, days.bandwidth AS day_bandwidth' : ''}
     FROM (SELECT COUNT(*) AS n FROM totals) AS counted
     LEFT JOIN listed ON 1 = 1
     ${days ? `LEFT JOIN ${table} AS days ON ${conditions(of, 'days.')} AND days.${item} = listed.${item} AND days.day BETWEEN ? AND ?` : ''}
     ORDER BY listed.place${days ? ', days.day' : ''}`,
    [...values, period.from, period.to, page.offset, page.offset + page.limit, ...(days ? [...values, period.from, period.to] : [])],
  );
  const items: Array<TopItem<T>> = [];
  let place: unknown;
  for (const row of rows) {
    if (row['place'] === null || row['place'] === undefined) continue;
    if (row['place'] !== place) {
      place = row['place'];
      const fields = Object.fromEntries([item, ...Object.keys(attributes)].map((column) => [column, row[column]])) as T;
      items.push({ item: fields, hits: Number(row['hits']), bandwidth: Number(row['bandwidth']), days: [] });
    }
    if (row['day'] !== null && row['day'] !== undefined) {
      items.at(-1)!.days.push({ day: String(row['day']), hits: Number(row['day_hits']), bandwidth: Number(row['day_bandwidth']) });
    }
  }
  return { total: Number(rows[0]?.['total'] ?? 0), rows: items };
}
