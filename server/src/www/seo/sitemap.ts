/**
 * sitemap.xml: the site's own pages, then the package pages of the most used packages by our own
 * statistics (hits of the past month, most used first), so crawlers spend their visits where visitors go.
 */
import { escapeHtml } from '@skylift/shared/format';

export interface SitemapPackage {
  type: 'npm' | 'gh';
  name: string;
}

/** The sitemaps protocol allows 50,000 addresses per file. */
export const SITEMAP_LIMIT = 50_000;

export function packagePagePath(pkg: SitemapPackage): string {
  return `/package/${pkg.type}/${pkg.name.split('/').map(encodeURIComponent).join('/')}`;
}

export function renderSitemap(wwwUrl: string, pagePaths: readonly string[], packages: readonly SitemapPackage[]): string {
  const base = wwwUrl.replace(/\/+$/, '');
  const paths = [...new Set([...pagePaths, ...packages.map(packagePagePath)])].slice(0, SITEMAP_LIMIT);
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${base}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
