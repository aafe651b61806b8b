/**
 * Growth between two periods: 100 when the previous value is zero and the current one is
 * not, 0 when both are zero, otherwise the percentage change. Shown rounded; a change smaller than 1%
 * but not zero shows as 1% so that it does not read as "no change".
 */
import { NOT_A_NUMBER } from './number';

/** The percentage change from `previous` to `current` (unrounded; negative for a decrease). */
export function growthPercent(current: number, previous: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return NaN;
  if (previous === 0) return current === 0 ? 0 : 100;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** The whole percentage shown for a growth: rounded, with magnitudes between 0 and 1 shown as 1. */
export function displayedGrowth(percent: number): number {
  if (!Number.isFinite(percent)) return NaN;
  if (percent === 0) return 0;
  const magnitude = Math.abs(percent) < 1 ? 1 : Math.round(Math.abs(percent));
  return percent < 0 ? -magnitude : magnitude;
}

/** "12%", "-3%", "1%" for 0.2, "0%" for no change; the caller adds arrows or a plus sign if it wants them. */
export function formatGrowth(percent: number): string {
  const shown = displayedGrowth(percent);
  return Number.isNaN(shown) ? NOT_A_NUMBER : `${shown}%`;
}
