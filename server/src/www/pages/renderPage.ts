/**
 * Fills the shell's index.html with one route's title and metadata, so that crawlers and link previews,
 * which run no script, see the same title and description as a visitor.
 */
import { escapeHtml } from '@skylift/shared/format';
import type { PageMeta } from './routeMeta.ts';

export const ROUTE_META_MARKER = '<!--route-meta-->';
/** Where the shell's template takes the page's first content, inside its root element. */
export const FIRST_PAINT_MARKER = '<!--first-paint-->';
const TITLE = /<title>[\s\S]*?<\/title>/i;

/** Share images are rendered at this size (the size Open Graph and Twitter cards display best). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function metaTags(meta: PageMeta): string {
  const tag = (attribute: 'name' | 'property', key: string, value: string): string => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    tag('name', 'description', meta.description),
    meta.noindex ? tag('name', 'robots', 'noindex') : '',
    meta.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">` : '',
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.canonicalUrl ?? meta.url),
    tag('property', 'og:image', meta.imageUrl),
    tag('property', 'og:image:width', String(SHARE_IMAGE_SIZE.width)),
    tag('property', 'og:image:height', String(SHARE_IMAGE_SIZE.height)),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.imageUrl),
    // As the page's fetch() asks (CORS, no credentials to another origin), so the browser hands the answer over.
    ...(meta.preload ?? []).map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="anonymous">`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The page's first content, drawn before any script has run: its heading and description in one block, so
 * that the first screen's largest text is on screen with the first paint instead of waiting for the shell,
 * the remote and their chunks (the page's own render replaces it). Nothing for a page that declares no
 * heading (the page of a package that does not exist has one: "Package not found", with the catalogue's sentence).
 */
export function firstPaint(meta: PageMeta): string {
  if (!meta.heading) return '';
  return `<div class="boot-first"><span class="boot-first__heading" role="heading" aria-level="1">${escapeHtml(meta.heading)}</span><br>${escapeHtml(meta.description)}</div>`;
}

/**
 * The page for one route: its title and metadata, and the boot document (a `<script type="application/json">`
 * that the shell reads before its first paint; `bootTag` is already safe to place in HTML).
 */
export function renderPage(template: string, meta: PageMeta, bootTag = ''): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  let html = TITLE.test(template) ? template.replace(TITLE, () => title) : template.replace(/<head[^>]*>/i, (head) => `${head}\n    ${title}`);
  const tags = bootTag ? `${metaTags(meta)}\n    ${bootTag}` : metaTags(meta);
  // Replacement callbacks, not strings: a `$&` in a description must stay text.
  html = html.includes(ROUTE_META_MARKER) ? html.replace(ROUTE_META_MARKER, () => tags) : html.replace(/<\/head>/i, (end) => `    ${tags}\n  ${end}`);
  return html.replace(FIRST_PAINT_MARKER, () => firstPaint(meta));
}
