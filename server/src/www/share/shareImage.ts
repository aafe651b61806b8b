/**
 * Images for link previews (Open Graph, Twitter cards), drawn as SVG from the brand strings and rendered to
 * PNG with resvg: the site's default image, rendered once, and one per npm package (the share image of a
 * package page), rendered on first request and kept in memory. A renamed deployment gets matching images
 * with no design work.
 */
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import { BRAND } from '@skylift/shared/brand';
import { escapeHtml } from '@skylift/shared/format';
import { palette } from '@skylift/shared/styles';
import { SHARE_IMAGE_SIZE } from '../pages/renderPage.ts';

export { DEFAULT_SHARE_IMAGE_PATH, PACKAGE_SHARE_IMAGE_PREFIX, packageShareImagePath } from './sharePaths.ts';

/** Breaks text into lines of at most `width` characters, at spaces (a longer word gets a line of its own). */
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

/** A heading in large type (shrunk to fit long package names) over a subtitle of up to three lines. */
export function shareImageSvg(heading: string, subtitle: string, footer: string | null = null): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  // DejaVu Sans Bold is about 0.65 em per character: keep the heading within the 850 px beside the logo.
  const headingSize = Math.max(40, Math.min(112, Math.floor(850 / (0.65 * Math.max(heading.length, 1)))));
  const lines = wrap(subtitle, 34)
    .slice(0, 3)
    .map((line, i) => `<text x="96" y="${380 + i * 64}" font-size="48" fill="${palette.blue100}">${escapeHtml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.brand}"/>
      <stop offset="1" stop-color="${palette.brandBright}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="1010" cy="150" r="220" fill="${palette.white}" fill-opacity="0.06"/>
  <circle cx="1080" cy="520" r="160" fill="${palette.white}" fill-opacity="0.05"/>
  <g transform="translate(96 150)">
    <path d="M0 80 L60 0 L120 80 L84 80 L84 130 L36 130 L36 80 Z" fill="${palette.white}"/>
  </g>
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
    <text x="250" y="262" font-size="${headingSize}" font-weight="bold" fill="${palette.white}">${escapeHtml(heading)}</text>
    ${lines}
    ${footer ? `<text x="96" y="580" font-size="34" font-weight="bold" fill="${palette.white}" fill-opacity="0.85">${escapeHtml(footer)}</text>` : ''}
  </g>
</svg>`;
}

function renderPng(svg: string): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_IMAGE_SIZE.width } }).render().asPng());
}

let defaultImage: Promise<Buffer> | undefined;

/** The site's default image, rendered once per process (a few tens of milliseconds) and then kept. */
export function defaultShareImage(): Promise<Buffer> {
  defaultImage ??= Promise.resolve().then(() => renderPng(shareImageSvg(BRAND.name, BRAND.tagline)));
  return defaultImage;
}

/** Popular packages are shared again and again: keep their images, within a bounded amount of memory. */
const packageImages = new LRUCache<string, Buffer>({ max: 500, maxSize: 64 * 1024 * 1024, sizeCalculation: (png) => png.length });

/** A package's image: its name, its own description when known (else our line about it), and our brand. */
export function packageShareImage(name: string, description: string | null = null): Buffer {
  const key = `${name}\n${description ?? ''}`;
  const cached = packageImages.get(key);
  if (cached) return cached;
  const subtitle = description ?? `Free CDN by ${BRAND.name}: every file of every version, from npm.`;
  const png = renderPng(shareImageSvg(name, subtitle, description ? `${BRAND.name} · free CDN for npm and GitHub` : null));
  packageImages.set(key, png);
  return png;
}
