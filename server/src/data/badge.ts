/**
 * SVG badges in the two styles of the contract: `square` (the default, flat corners) and `rounded`.
 * Widths are estimated from average glyph widths of 11px Verdana, which is close enough for short labels.
 */
export type BadgeStyle = 'square' | 'rounded';

const CHAR_WIDTH = 6.8;
const PADDING = 10;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function textWidth(text: string): number {
  return Math.round(text.length * CHAR_WIDTH + PADDING);
}

export function renderBadge(label: string, value: string, style: BadgeStyle, color = '#ff5627'): string {
  const left = textWidth(label);
  const right = textWidth(value);
  const width = left + right;
  const radius = style === 'rounded' ? 3 : 0;
  const l = escapeXml(label);
  const v = escapeXml(value);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${l}: ${v}">
<title>${l}: ${v}</title>
<clipPath id="r"><rect width="${width}" height="20" rx="${radius}" fill="#fff"/></clipPath>
<g clip-path="url(#r)">
<rect width="${left}" height="20" fill="#555"/>
<rect x="${left}" width="${right}" height="20" fill="${color}"/>
</g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${left / 2}" y="14">${l}</text>
<text x="${left + right / 2}" y="14">${v}</text>
</g>
</svg>`;
}

/** 1234567 -> "1.23M", as badges show counts. */
export function compactNumber(n: number): string {
  const units: Array<[number, string]> = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'k']];
  for (const [size, unit] of units) {
    if (n >= size) return `${Number((n / size).toPrecision(3))}${unit}`;
  }
  return String(n);
}
