/**
 * The years of the site's copyright line: from the year the deployment says it started (its site content)
 * or, by default, the year of its first statistics, to the current year.
 */
import { useEffect } from 'react';
import { useObservableValue } from '@skylift/shared';
// Relative: both stores are of the same entry as this module (`@skylift/shared/stores`).
import { loadPeriods, periods$ } from '../stores/periods';
import { useSiteContent } from './useSiteContent';

export function copyrightYears(firstYear: number | null, oldestPeriod: string | undefined, now: Date): string {
  const current = now.getUTCFullYear();
  const fromStatistics = oldestPeriod ? Number(oldestPeriod.slice(0, 4)) : NaN;
  const start = firstYear ?? (Number.isInteger(fromStatistics) ? fromStatistics : current);
  return start < current ? `${start}–${current}` : String(current);
}

export function useCopyrightYears(now: Date = new Date()): string {
  const { firstYear } = useSiteContent().figures;
  // The oldest period is needed only where the deployment's content names no first year.
  useEffect(() => {
    if (firstYear === null) void loadPeriods();
  }, [firstYear]);
  const periods = useObservableValue(periods$);
  const oldest = periods.length ? periods.map((entry) => entry.period).sort()[0] : undefined;
  return copyrightYears(firstYear, oldest, now);
}
