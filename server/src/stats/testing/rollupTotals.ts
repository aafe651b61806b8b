/**
 * What the ingester's tests read back from the roll-ups: the network's totals, by country and provider,
 * and the cache answers, straight from the tables (the data API's answers are tested through the API).
 */
import type { DayRange } from '../periods.ts';
import type { StatsStore } from '../store.ts';
import type { Totals } from '../types.ts';

export async function networkTotals(store: StatsStore, range: DayRange): Promise<Totals> {
  const [row] = await store.engine.all<{ hits: number | null; bandwidth: number | null }>(
    'SELECT SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_network WHERE day BETWEEN ? AND ?',
    [range.from, range.to],
  );
  return { hits: Number(row?.hits ?? 0), bandwidth: Number(row?.bandwidth ?? 0) };
}

export async function networkByCountry(store: StatsStore, range: DayRange): Promise<Array<{ country: string; provider: string } & Totals>> {
  const rows = await store.engine.all<{ country: string; provider: string; hits: number; bandwidth: number }>(
    'SELECT country, provider, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_network WHERE day BETWEEN ? AND ? GROUP BY country, provider',
    [range.from, range.to],
  );
  return rows.map((r) => ({ ...r, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }));
}

export async function cacheResults(store: StatsStore, range: DayRange): Promise<Array<{ provider: string; result: string; hits: number }>> {
  const rows = await store.engine.all<{ provider: string; result: string; hits: number }>(
    'SELECT provider, result, SUM(hits) AS hits FROM daily_cache WHERE day BETWEEN ? AND ? GROUP BY provider, result',
    [range.from, range.to],
  );
  return rows.map((r) => ({ ...r, hits: Number(r.hits) }));
}
