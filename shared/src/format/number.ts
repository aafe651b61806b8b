/**
 * Number formatting: thousands grouped by spaces ("1 234 567").
 * A value that is not a finite number (a missing statistic, say) shows as a dash rather than "NaN".
 */

/** What a value that is not a finite number shows as, everywhere in the formatters. */
export const NOT_A_NUMBER = '–';

/**
 * Groups thousands with spaces; `decimals` (default 0) fixes the digits after the point.
 * 1234567 -> "1 234 567", -1234.5 with 1 decimal -> "-1 234.5".
 */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  // -0.2 rounded to 0 decimals must not show as "-0".
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
