/**
 * Growth between two periods: "new" when there was nothing in the previous period (no percentage says
 * how much something grew from nothing), 0 when both are zero, otherwise the percentage change. Shown rounded; a change smaller than 1%
 * but not zero shows as 1% so that it does not read as "no change".
 */
import { NOT_A_NUMBER } from './number';

/** What growth from nothing is: no percentage, shown as "new". */
export const NEW_GROWTH = Infinity;

/** The percentage change from `previous` to `current` (unrounded; negative for a decrease; NEW_GROWTH from 0). */
export function growthPercent(current: number, previous: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return NaN;
  if (previous === 0) return current === 0 ? 0 : NEW_GROWTH;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** The whole percentage shown for a growth: rounded, with magnitudes between 0 and 1 shown as 1. */
export function displayedGrowth(percent: number): number {
  if (percent === NEW_GROWTH) return NEW_GROWTH;
  if (!Number.isFinite(percent)) return NaN;
  if (percent === 0) return 0;
  const magnitude = Math.abs(percent) < 1 ? 1 : Math.round(Math.abs(percent));
  return percent < 0 ? -magnitude : magnitude;
}

/** Whether a growth is from nothing: the caller writes "new" with no sign and no period word. */
export const isNewGrowth = (percent: number): boolean => percent === NEW_GROWTH;

/** "12%", "-3%", "1%" for 0.2, "0%" for no change, "new" from nothing; the caller adds arrows or a plus sign if it wants them. */
export function formatGrowth(percent: number): string {
  if (isNewGrowth(percent)) return 'new';
  const shown = displayedGrowth(percent);
  return Number.isNaN(shown) ? NOT_A_NUMBER : `${shown}%`;
}
