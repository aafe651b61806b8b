/**
 * The landing figures: every 1400 ms the shown value moves to the 30-day figure times a random
 * multiplier between 97 and 102 percent, counting there over 1000 ms, so the number feels live.
 */
export const FIGURE_REFRESH_MS = 1400;
export const COUNTER_MS = 1000;
export const MULTIPLIER_MIN = 0.97;
export const MULTIPLIER_MAX = 1.02;

/** `random` in [0, 1) mapped to [0.97, 1.02). */
export function figureMultiplier(random: number): number {
  return MULTIPLIER_MIN + random * (MULTIPLIER_MAX - MULTIPLIER_MIN);
}

/** Value of a counter going from `from` to `to`, `elapsed` ms into its run; eased out, exact at the end. */
export function counterValue(from: number, to: number, elapsed: number, duration = COUNTER_MS): number {
  if (elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - t) ** 3;
  return from + (to - from) * eased;
}
