/**
 * The statistics periods store: the concrete periods for which the data API has statistics, fetched once
 * per page load when the first period dropdown asks for them, and the period options every period dropdown shows: the
 * floating month, quarter and year, a separator, then the concrete periods newest first with a separator
 * between years.
 */
import { useEffect, useMemo } from 'react';
import { BehaviorSubject } from 'rxjs';
// The data API client and the hook by their package path: this module is shared on its own at run time, and
// a relative import would bundle a second copy of the client (with its own response cache) into it.
import { getPeriods, useObservableValue } from '@skylift/shared';
import type { StaticPeriodType, StatsLinkKind, StatsPeriodEntry } from '../api/types';

export interface PeriodOption {
  /** The value sent as the `period` query parameter: `month`, `2026-10`, `2026-Q3`, `2025`. */
  periodValue: string;
  /** What the dropdown shows: `month`, `October 2026`, `Q3 2026`, `2025`. */
  periodText: string;
  periodType: StaticPeriodType;
}

export interface PeriodSeparator {
  periodType: 'separator';
}

export type PeriodListItem = PeriodOption | PeriodSeparator;

export const SEPARATOR: PeriodSeparator = { periodType: 'separator' };

/** The floating periods (month 30, quarter 90, year 365 days). */
export const FLOATING_PERIOD_OPTIONS: readonly PeriodOption[] = [
  { periodValue: 'month', periodText: 'month', periodType: 's-month' },
  { periodValue: 'quarter', periodText: 'quarter', periodType: 's-quarter' },
  { periodValue: 'year', periodText: 'year', periodType: 's-year' },
];

/** Days in each floating period. */
export const PERIOD_DAYS = { month: 30, quarter: 90, year: 365 } as const;

/** Growth labels. */
export const GROWTH_LABELS = { month: 'monthly', quarter: 'quarterly', year: 'yearly' } as const;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function isSeparator(item: PeriodListItem): item is PeriodSeparator {
  return item.periodType === 'separator';
}

/** `2026-10` -> "October 2026", `2026-Q3` -> "Q3 2026", `2025` -> "2025". */
export function periodText(period: string): string {
  const [year = '', part] = period.split('-');
  if (part === undefined) return year;
  const month = Number(part);
  if (Number.isInteger(month) && month >= 1 && month <= 12) return `${MONTH_NAMES[month - 1]} ${year}`;
  return `${part} ${year}`;
}

/**
 * The days a period covers, as a sentence ends: "the last 30 days" for `month` (a floating period is days
 * ending today, not a calendar month), "October 2026" for `2026-10`.
 */
export function periodPhrase(period: string): string {
  return isFloatingPeriod(period) ? `the last ${PERIOD_DAYS[period]} days` : periodText(period);
}

/** Whether a period value is one of the floating ones, for the chart title ("Stats for past month"). */
export function isFloatingPeriod(value: string): value is keyof typeof PERIOD_DAYS {
  return Object.hasOwn(PERIOD_DAYS, value);
}

/**
 * The dropdown list for a set of periods. With `availableFor`, only the periods that have that kind of
 * statistics (their `links` name it) are listed.
 */
export function periodOptions(entries: readonly StatsPeriodEntry[], availableFor?: StatsLinkKind): PeriodListItem[] {
  const kept = availableFor ? entries.filter((entry) => Boolean(entry.links?.[availableFor])) : entries;
  const list: PeriodListItem[] = [...FLOATING_PERIOD_OPTIONS];
  if (kept.length) list.push(SEPARATOR);
  let year: string | undefined;
  for (const entry of kept) {
    const entryYear = entry.period.split('-')[0];
    if (year !== undefined && entryYear !== year) list.push(SEPARATOR);
    year = entryYear;
    list.push({ periodValue: entry.period, periodText: periodText(entry.period), periodType: entry.periodType });
  }
  return list;
}

/** The concrete periods with statistics; empty until loaded, and empty if loading failed. */
export const periods$ = new BehaviorSubject<readonly StatsPeriodEntry[]>([]);

let started: Promise<void> | null = null;

/**
 * Fetches the period list once; later calls return the same promise. Never rejects: on failure the list
 * stays empty (the dropdowns still offer month, quarter and year) and the failure is reported once.
 */
export function loadPeriods(report: (error: unknown) => void = reportToConsole): Promise<void> {
  if (started) return started;
  // Through then() so that a missing runtime configuration is reported like any other failure.
  started = Promise.resolve()
    .then(() => getPeriods())
    .then(
      (entries) => {
        periods$.next(Array.isArray(entries) ? entries : []);
      },
      (error: unknown) => {
        report(error);
      },
    );
  return started;
}

/**
 * The period dropdown's list in a component; grows from month/quarter/year to the full list once loaded.
 * The first component that asks starts the one download.
 */
export function usePeriodOptions(availableFor?: StatsLinkKind): PeriodListItem[] {
  useEffect(() => {
    void loadPeriods();
  }, []);
  const entries = useObservableValue(periods$);
  return useMemo(() => periodOptions(entries, availableFor), [entries, availableFor]);
}

/** Forgets the loaded periods; for tests. */
export function resetPeriods(): void {
  started = null;
  periods$.next([]);
}

/**
 * The periods as if loaded from the data API; for tests of components with a period dropdown, which would
 * otherwise start the download themselves.
 */
export function providePeriods(entries: readonly StatsPeriodEntry[]): void {
  started = Promise.resolve();
  periods$.next(entries);
}

function reportToConsole(error: unknown): void {
  console.error('The statistics periods could not be loaded; only month, quarter and year are offered.', error);
}
