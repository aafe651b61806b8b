/**
 * The years of the site's copyright line: from the year the deployment says it started (its site content)
 * or, by default, the year of its first statistics, to the current year.
 */
// The stores by their package paths, as every other package imports them: at run time this module is shared
// on its own, and a relative import would bundle a second, empty copy of each store into it.
import { useEffect } from 'react';
import { useObservableValue } from '@skylift/shared';
import { useSiteContent } from '@skylift/shared/content/useSiteContent';
import { loadPeriods, periods$ } from '@skylift/shared/stores/periods';

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
