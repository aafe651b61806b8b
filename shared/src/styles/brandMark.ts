/**
 * The product's mark as SVG: an upward arrow on a rounded square, in the brand colour. One drawing for every place
 * that shows it without React: the icon the web server serves (/favicon.ico), the one the shell's `index.html`
 * names (written by its build), and the CDN's directory listings. A pure module the server may read.
 */
import { palette } from './tokens';

const ARROW = 'M8 21l8-12 8 12h-5l-3-4.5-3 4.5z';

/**
 * The mark on a 32 × 32 view box; `inverted` draws it white with a brand-coloured arrow (on the brand's dark
 * header), and `attributes` (such as ` width="26" aria-hidden="true"`) go on the `<svg>` element.
 */
export function brandMarkSvg({ inverted = false, attributes = '' }: { inverted?: boolean; attributes?: string } = {}): string {
  const [square, arrow] = inverted ? [palette.white, palette.brand] : [palette.brand, palette.white];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"${attributes}><rect width="32" height="32" rx="8" fill="${square}"/><path d="${ARROW}" fill="${arrow}"/></svg>`;
}

/**
 * The icon as a `data:` address, for a `<link rel="icon">` that needs no request of its own. Escaped only where it
 * must be (`<`, `>`, `#`, `%`; attribute quotes made single) so that it stays short in every page's head.
 */
export function brandMarkDataUrl(): string {
  const svg = brandMarkSvg().replace(/"/g, "'");
  return `data:image/svg+xml,${svg.replace(/[<>#%]/g, (character) => encodeURIComponent(character))}`;
}
