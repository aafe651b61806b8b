/**
 * Scaling a value into 1000-based units, shared by the byte and short-number formatters: picks the
 * unit, rounds, and moves to the next unit when rounding reaches 1000 (999 999 bytes is "1 MB", not "1000 kB").
 */

export interface Scaled {
  /** The rounded magnitude in the chosen unit, with the sign of the input. */
  value: number;
  /** Index into the unit list. */
  unit: number;
}

export function scale1000(value: number, unitCount: number, decimals: number): Scaled {
  const sign = value < 0 ? -1 : 1;
  let magnitude = Math.abs(value);
  let unit = 0;
  while (magnitude >= 1000 && unit < unitCount - 1) {
    magnitude /= 1000;
    unit++;
  }
  let rounded = round(magnitude, decimals);
  if (rounded >= 1000 && unit < unitCount - 1) {
    unit++;
    rounded = round(magnitude / 1000, decimals);
  }
  return { value: sign * rounded, unit };
}

function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** "1.50" -> "1.5", "2.0" -> "2": trailing zeros after the point carry no information here. */
export function trimZeros(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
