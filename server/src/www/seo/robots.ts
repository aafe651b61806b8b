/**
 * robots.txt: every page may be crawled except the machinery behind them (runtime files, readmes, the
 * remotes' builds); the sitemap is named so crawlers find the package pages.
 */
export function robotsTxt(wwwUrl: string): string {
  const base = wwwUrl.replace(/\/+$/, '');
  return ['User-agent: *', 'Allow: /', 'Disallow: /remotes/', 'Disallow: /readme/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
