/** The answers of a custom endpoint's (proxy's) statistics, each read in one query. */
import type { DayRange, ResolvedPeriod } from '../periods.ts';
import type { SqlEngine } from '../sql/engine.ts';
import type { Metric, Page, Paged, Totals } from '../types.ts';
import { dailyRows, metricColumn, topWithDays } from './rollupQueries.ts';
import { seriesWithPrev, spanWithPrev, type MetricSeries } from './series.ts';

export class ProxyReads {
  constructor(private readonly engine: SqlEngine) {}

  /** A proxy's days in a period, with its previous period's totals: the rows of both periods in one query. */
  async proxy(proxy: string, period: ResolvedPeriod): Promise<Record<Metric, MetricSeries & { prev: { total: number } }>> {
    return seriesWithPrev(period, await dailyRows(this.engine, 'daily_proxy', { proxy }, spanWithPrev(period)));
  }

  /** A page of a proxy's files by hits (or bandwidth) in a period. */
  async topFiles(proxy: string, period: DayRange, by: Metric, page: Page): Promise<Paged<{ file: string } & Totals>> {
    const top = await topWithDays<{ file: string }>(this.engine, {
      table: 'daily_proxy_file',
      of: { proxy },
      item: 'file',
      order: `${metricColumn(by)} DESC, file`,
      period,
      page,
      days: false,
    });
    return { total: top.total, rows: top.rows.map(({ item, hits, bandwidth }) => ({ file: item.file, hits, bandwidth })) };
  }
}
