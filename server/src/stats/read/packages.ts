/**
 * The answers of the package statistics, each read in one query at most: top packages and one package's
 * ranks from the ranked totals in memory (`packageTotals.ts`), a package's days from its roll-up rows, a
 * page of versions or files with their days in one statement.
 */
import { adjustPrev, parsePeriod, type DayRange, type ResolvedPeriod } from '../periods.ts';
import type { SqlEngine } from '../sql/engine.ts';
import type { Metric, PackageKind, Page, Paged, Totals } from '../types.ts';
import { PackageTotals } from './packageTotals.ts';
import { NO_RANK, type Rank } from './rankedTotals.ts';
import { dailyRows, metricColumn, topWithDays } from './rollupQueries.ts';
import { seriesOf, seriesWithPrev, spanWithPrev, type MetricSeries, type Series } from './series.ts';

export interface TopPackage extends Totals {
  type: PackageKind;
  name: string;
  /** The previous period's figures, scaled to the period's length. */
  prev: Totals;
}

export type PackageFigures = Record<Metric, MetricSeries & Rank & { prev: Rank & { total: number } }>;

export interface TopVersion extends Series {
  version: string;
  /** `version`, or for a GitHub repository `branch` or `commit`. */
  kind: string;
}

export interface TopFile extends Series {
  file: string;
}

/** The floating periods of the statistics pages' period pickers. */
const PAGE_PERIODS = ['month', 'quarter', 'year'];

export class PackageReads {
  private readonly totals: PackageTotals;

  constructor(
    private readonly engine: SqlEngine,
    today?: () => string,
  ) {
    this.totals = new PackageTotals(engine, today);
  }

  noteIngested(days: Iterable<string>): void {
    this.totals.noteIngested(days);
  }

  /**
   * Reads every package's totals over the periods the pages ask for by default (a month on cards and lists,
   * a quarter on a project's page, a year), with their previous periods, into memory in one query.
   */
  prepare(now = new Date()): Promise<void> {
    const periods = PAGE_PERIODS.map((period) => parsePeriod(period, { now }));
    return this.totals.prepare(periods.flatMap((period) => (period.prev ? [period, period.prev] : [period])));
  }

  /** A page of the packages with the most hits (or bandwidth) in a period, each with its previous period's figures. */
  async top(period: ResolvedPeriod, by: Metric, type: PackageKind | undefined, page: Page): Promise<Paged<TopPackage>> {
    const [current, before] = await this.totals.of(period.prev ? [period, period.prev] : [period]);
    const top = current!.top(by, type, page);
    return {
      total: top.total,
      rows: top.rows.map((row) => {
        const prev = before?.totalsOf(row.type, row.name) ?? { hits: 0, bandwidth: 0 };
        return { ...row, prev: { hits: adjustPrev(prev.hits, period), bandwidth: adjustPrev(prev.bandwidth, period) } };
      }),
    };
  }

  /** Every package's totals in a range, largest first (the search index's popularity, the sitemap). */
  async topIn(range: DayRange, by: Metric, type: PackageKind | undefined, page: Page): Promise<Paged<{ type: PackageKind; name: string } & Totals>> {
    const [totals] = await this.totals.of([range]);
    return totals!.top(by, type, page);
  }

  /**
   * One package's days in a period, with its ranks, and its previous period's total and ranks: its roll-up
   * rows of both periods in one query, the ranks from memory (read together with the rows when not there yet).
   */
  async package(type: PackageKind, name: string, period: ResolvedPeriod): Promise<PackageFigures> {
    const [rows, [current, before]] = await Promise.all([
      dailyRows(this.engine, 'daily_package', { type, name }, spanWithPrev(period)),
      this.totals.of(period.prev ? [period, period.prev] : [period]),
    ]);
    const series = seriesWithPrev(period, rows);
    const figures = (metric: Metric) => ({
      ...current!.rankOf(type, name, metric),
      total: series[metric].total,
      dates: series[metric].dates,
      prev: { ...(before?.rankOf(type, name, metric) ?? NO_RANK), total: series[metric].prev.total },
    });
    return { hits: figures('hits'), bandwidth: figures('bandwidth') };
  }

  /** A package's total hits in a period (badges): from memory. */
  async hits(type: PackageKind, name: string, period: DayRange): Promise<number> {
    const [totals] = await this.totals.of([period]);
    return totals!.totalsOf(type, name).hits;
  }

  /** A package's rank by hits in a period, among all packages or those of its type (badges): from memory. */
  async hitsRank(type: PackageKind, name: string, period: DayRange, sameTypeOnly: boolean): Promise<number | null> {
    const [totals] = await this.totals.of([period]);
    const rank = totals!.rankOf(type, name, 'hits');
    return sameTypeOnly ? rank.typeRank : rank.rank;
  }

  /** A page of a package's versions by hits (or bandwidth) in a period, with their days. */
  async topVersions(type: PackageKind, name: string, period: DayRange, by: Metric, page: Page): Promise<Paged<TopVersion>> {
    const top = await topWithDays<{ version: string; kind: string }>(this.engine, {
      table: 'daily_version',
      of: { type, name },
      item: 'version',
      attributes: { kind: 'MAX(kind)' },
      order: `${metricColumn(by)} DESC, version DESC`,
      period,
      page,
    });
    return { total: top.total, rows: top.rows.map(({ item, days }) => ({ version: item.version, kind: item.kind, ...seriesOf(period, days) })) };
  }

  /** One version's days in a period. */
  async version(type: PackageKind, name: string, version: string, period: DayRange): Promise<Series> {
    return seriesOf(period, await dailyRows(this.engine, 'daily_version', { type, name, version }, period));
  }

  /** A page of a version's files by hits (or bandwidth) in a period, with their days. */
  async topFiles(type: PackageKind, name: string, version: string, period: DayRange, by: Metric, page: Page): Promise<Paged<TopFile>> {
    const top = await topWithDays<{ file: string }>(this.engine, {
      table: 'daily_file',
      of: { type, name, version },
      item: 'file',
      order: `${metricColumn(by)} DESC, file`,
      period,
      page,
    });
    return { total: top.total, rows: top.rows.map(({ item, days }) => ({ file: item.file, ...seriesOf(period, days) })) };
  }
}
