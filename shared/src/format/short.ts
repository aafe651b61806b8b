/** Short numbers: K, M, B, T, P, E with one decimal ("1.2M"), as on search hits and counters. */
import { NOT_A_NUMBER } from './number';
import { scale1000, trimZeros } from './scaled';

export const SHORT_SUFFIXES = ['', 'K', 'M', 'B', 'T', 'P', 'E'] as const;

/**
 * 999 -> "999", 1000 -> "1K", 1250 -> "1.3K", 1234567 -> "1.2M", 999 950 -> "1M".
 * One decimal at most; a trailing ".0" is dropped. Negative values keep their sign.
 */
export function formatShort(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const scaled = scale1000(value, SHORT_SUFFIXES.length, decimals);
  const text = trimZeros(scaled.value, decimals);
  return `${text === '-0' ? '0' : text}${SHORT_SUFFIXES[scaled.unit]}`;
}
