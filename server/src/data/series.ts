/** Per-date series of the statistics responses: every day of the period, zero where nothing was served. */
import { eachDay, type DayRange } from '../stats/periods.ts';
import type { DailyTotals } from '../stats/store.ts';

export interface Series {
  hits: { total: number; dates: Record<string, number> };
  bandwidth: { total: number; dates: Record<string, number> };
}

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

/** The same series with each day as `{ total }` (network statistics). */
export function extendedDates(dates: Record<string, number>): Record<string, { total: number }> {
  const out: Record<string, { total: number }> = {};
  for (const [day, total] of Object.entries(dates)) out[day] = { total };
  return out;
}
