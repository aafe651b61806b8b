/**
 * The period a statistics view shows, kept in the address (`?period=2026-10`), so a link or a reload shows
 * the same period. The view's default is left out of the address; a value that is no period reads as the
 * default. A change replaces the entry in the history rather than adding one per choice.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PERIOD_PARAM = 'period';

/** month, quarter, year (the floating periods), a year, a month of a year or a quarter of a year. */
const PERIOD_FORM = /^(?:month|quarter|year|\d{4}(?:-(?:0[1-9]|1[0-2]|Q[1-4]))?)$/;

export function isPeriodValue(value: string): boolean {
  return PERIOD_FORM.test(value);
}

export function usePeriodParam(defaultPeriod: string): [string, (period: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PERIOD_PARAM);
  const period = raw !== null && isPeriodValue(raw) ? raw : defaultPeriod;
  const setPeriod = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next === defaultPeriod) changed.delete(PERIOD_PARAM);
          else changed.set(PERIOD_PARAM, next);
          return changed;
        },
        { replace: true },
      ),
    [setParams, defaultPeriod],
  );
  return [period, setPeriod];
}
