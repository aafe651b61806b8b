/**
 * SVG badges in the two styles of the contract (BadgeStyle): `square` (the default, flat corners) and
 * `rounded`, drawn by badge-maker, which measures the text with Verdana's glyph widths.
 */
import { makeBadge } from 'badge-maker';
import type { components } from '@skylift/shared/api-types';
import { palette } from '@skylift/shared/styles';

export type BadgeStyle = components['schemas']['BadgeStyle'];

const MAKER_STYLE: Record<BadgeStyle, 'flat-square' | 'flat'> = { square: 'flat-square', rounded: 'flat' };

export function renderBadge(label: string, value: string, style: BadgeStyle, color: string = palette.badge): string {
  return makeBadge({ label, message: value, color, style: MAKER_STYLE[style] });
}

/** 1234567 -> "1.23M", as badges show counts. */
export function compactNumber(n: number): string {
  const units: Array<[number, string]> = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, unit] of units) {
    if (n >= size) return `${Number((n / size).toPrecision(3))}${unit}`;
  }
  return String(n);
}
