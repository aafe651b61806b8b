/** Per-date series of the statistics answers: every day of the period, zero where nothing was served. */
import { adjustPrev, eachDay, type DayRange, type ResolvedPeriod } from '../periods.ts';
import type { DailyTotals, Metric, Totals } from '../types.ts';

export interface MetricSeries {
  total: number;
  dates: Record<string, number>;
}

export interface Series {
  hits: MetricSeries;
  bandwidth: MetricSeries;
}

/** The days of `range` with the figures of `rows` (rows of other days are left out). */
export function seriesOf(range: DayRange, rows: readonly DailyTotals[] = []): Series {
  const hits: Record<string, number> = {};
  const bandwidth: Record<string, number> = {};
  for (const day of eachDay(range)) {
    hits[day] = 0;
    bandwidth[day] = 0;
  }
  let totalHits = 0;
  let totalBandwidth = 0;
  for (const row of rows) {
    if (!(row.day in hits)) continue;
    hits[row.day] = (hits[row.day] ?? 0) + row.hits;
    bandwidth[row.day] = (bandwidth[row.day] ?? 0) + row.bandwidth;
    totalHits += row.hits;
    totalBandwidth += row.bandwidth;
  }
  return { hits: { total: totalHits, dates: hits }, bandwidth: { total: totalBandwidth, dates: bandwidth } };
}

/** The totals of the days of `range` in `rows`. */
function totalsIn(range: DayRange, rows: readonly DailyTotals[] = []): Totals {
  const totals = { hits: 0, bandwidth: 0 };
  for (const row of rows) {
    if (row.day < range.from || row.day > range.to) continue;
    totals.hits += row.hits;
    totals.bandwidth += row.bandwidth;
  }
  return totals;
}

/**
 * The series of a period and its previous period's totals, scaled to the period's length, from rows read
 * over both at once.
 */
export function seriesWithPrev(period: ResolvedPeriod, rows: readonly DailyTotals[] = []): Record<Metric, MetricSeries & { prev: { total: number } }> {
  const series = seriesOf(period, rows);
  const before = period.prev ? totalsIn(period.prev, rows) : { hits: 0, bandwidth: 0 };
  return {
    hits: { ...series.hits, prev: { total: adjustPrev(before.hits, period) } },
    bandwidth: { ...series.bandwidth, prev: { total: adjustPrev(before.bandwidth, period) } },
  };
}

/** The same series with each day as `{ total }` (network statistics). */
export function extendedDates(dates: Record<string, number>): Record<string, { total: number }> {
  const out: Record<string, { total: number }> = {};
  for (const [day, total] of Object.entries(dates)) out[day] = { total };
  return out;
}

/** The days from the previous period's first (or the period's, without one) to the period's last: one read covers both. */
export function spanWithPrev(period: ResolvedPeriod): DayRange {
  return { from: period.prev && period.prev.from < period.from ? period.prev.from : period.from, to: period.to };
}
