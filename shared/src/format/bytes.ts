/** Byte sizes in 1000-based units: B, kB, MB, GB, TB, PB, EB. */
import { NOT_A_NUMBER } from './number';
import { scale1000, trimZeros } from './scaled';

export const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/**
 * 0 -> "0 B", 999 -> "999 B", 1000 -> "1 kB", 1536000 -> "1.54 MB" (default two decimals, trailing
 * zeros dropped). Whole bytes are never shown with decimals. Negative values keep their sign.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes)) return NOT_A_NUMBER;
  const scaled = scale1000(Math.abs(bytes) < 1000 ? Math.round(bytes) : bytes, BYTE_UNITS.length, decimals);
  const text = scaled.unit === 0 ? String(Math.round(scaled.value)) : trimZeros(scaled.value, decimals);
  return `${text === '-0' ? '0' : text} ${BYTE_UNITS[scaled.unit]}`;
}
