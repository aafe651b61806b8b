/**
 * The statistics tab's rules: grouping by day or week always, by month only for a year;
 * series summed per group; the per-version chart shows the top 5 by hits with names cut at 20 characters;
 * 'No statistics yet' when every dataset is empty.
 */
import type { DateSeries } from '@skylift/shared';

export type Grouping = 'day' | 'week' | 'month';
export type StatsMetric = 'hits' | 'bandwidth';

export const TOP_TABLE_PAGE_SIZE = 5;
export const TOP_LINES = 5;
export const SERIES_NAME_LENGTH = 20;

/** The floating period a period value stands for: concrete periods (`2026-10`, `2026-Q3`, `2026`) by their shape. */
export function periodKind(period: string): 'month' | 'quarter' | 'year' {
  if (period === 'year' || period === 's-year' || /^\d{4}$/.test(period)) return 'year';
  if (period === 'quarter' || period === 's-quarter' || /^\d{4}-Q[1-4]$/.test(period)) return 'quarter';
  return 'month';
}

export function groupingsFor(period: string): Grouping[] {
  return periodKind(period) === 'year' ? ['day', 'week', 'month'] : ['day', 'week'];
}

/** A grouping that is not offered for the period falls back to days. */
export function validGrouping(period: string, grouping: Grouping): Grouping {
  return groupingsFor(period).includes(grouping) ? grouping : 'day';
}

/** The key of the group a date falls in: the date, the Monday of its ISO week, or its month. */
export function groupKey(date: string, grouping: Grouping): string {
  if (grouping === 'day') return date;
  if (grouping === 'month') return date.slice(0, 7);
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - offset);
  return day.toISOString().slice(0, 10);
}

/** A daily series summed per group, in date order. */
export function groupSeries(dates: DateSeries, grouping: Grouping): Array<{ key: string; value: number }> {
  const groups = new Map<string, number>();
  for (const date of Object.keys(dates).sort()) {
    const key = groupKey(date, grouping);
    groups.set(key, (groups.get(key) ?? 0) + (dates[date] ?? 0));
  }
  return [...groups].map(([key, value]) => ({ key, value }));
}

export function seriesName(name: string): string {
  return name.length > SERIES_NAME_LENGTH ? `${name.slice(0, SERIES_NAME_LENGTH)}…` : name;
}

/** The datasets the chart needs are all zero or missing. */
export function isEmptyStats(...totals: Array<number | null | undefined>): boolean {
  return totals.every((total) => !total);
}

/** 'Stats for past' for the floating periods, 'Stats for' a concrete one. */
export function chartTitlePrefix(period: string): string {
  return ['month', 'quarter', 'year'].includes(period) ? 'Stats for past' : 'Stats for';
}

/** Table paging never goes below 1 or above the page count. */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}
