/**
 * The copyright line of the statistics pages: from the start year a deployment sets (content/providers.json,
 * copyrightStartYear) or, by default, the year of its first statistics, to the current year.
 */
import { BRAND, periods$, useObservableValue } from '@skylift/shared';
import { COPYRIGHT_START_YEAR } from './providers';

export function copyrightYears(startYear: number | null, firstPeriod: string | undefined, now: Date): string {
  const current = now.getUTCFullYear();
  const fromStatistics = firstPeriod ? Number(firstPeriod.slice(0, 4)) : NaN;
  const start = startYear ?? (Number.isInteger(fromStatistics) ? fromStatistics : current);
  return start < current ? `${start}–${current}` : String(current);
}

export function Copyright() {
  const periods = useObservableValue(periods$);
  const oldest = periods.length ? periods.map((entry) => entry.period).sort()[0] : undefined;
  return (
    <p className="st-copyright">
      © {copyrightYears(COPYRIGHT_START_YEAR, oldest, new Date())} {BRAND.name}
    </p>
  );
}
