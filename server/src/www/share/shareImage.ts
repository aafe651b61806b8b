/**
 * The default image of link previews (Open Graph, Twitter cards), drawn as SVG from the brand strings and
 * rendered to PNG once, on first request, so a renamed deployment gets a matching image with no design work.
 */
import { Resvg } from '@resvg/resvg-js';
import { BRAND } from '@skylift/shared/brand';
import { escapeHtml } from '../http/escape.ts';
import { SHARE_IMAGE_SIZE } from '../pages/renderPage.ts';

export const DEFAULT_SHARE_IMAGE_PATH = '/assets/og-default.png';

/** Breaks text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function shareImageSvg(): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  const tagline = wrap(BRAND.tagline, 34)
    .map((line, i) => `<text x="96" y="${380 + i * 64}" font-size="48" fill="#d9e6ff">${escapeHtml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b3d91"/>
      <stop offset="1" stop-color="#1f78d1"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="1010" cy="150" r="220" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="1080" cy="520" r="160" fill="#ffffff" fill-opacity="0.05"/>
  <g transform="translate(96 150)">
    <path d="M0 80 L60 0 L120 80 L84 80 L84 130 L36 130 L36 80 Z" fill="#ffffff"/>
  </g>
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
    <text x="250" y="262" font-size="112" font-weight="bold" fill="#ffffff">${escapeHtml(BRAND.name)}</text>
    ${tagline}
  </g>
</svg>`;
}

let rendered: Promise<Buffer> | undefined;

/** The PNG, rendered once per process (a few tens of milliseconds) and then kept in memory. */
export function defaultShareImage(): Promise<Buffer> {
  rendered ??= Promise.resolve().then(() => {
    const png = new Resvg(shareImageSvg(), { fitTo: { mode: 'width', value: SHARE_IMAGE_SIZE.width } }).render().asPng();
    return Buffer.from(png);
  });
  return rendered;
}
