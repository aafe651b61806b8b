/**
 * What crawlers and browsers ask a website for besides its pages: /robots.txt, /sitemap.xml (the site's
 * pages and the package pages by our statistics) and /favicon.ico; and the old `/projects/{name}` addresses,
 * permanently moved to the package pages.
 */
import type { FastifyInstance } from 'fastify';
import type { PageInfo } from '@skylift/shared/pages';
import { sendCacheable } from '../../http/conditional.ts';
import { FAVICON_SVG, FAVICON_TYPE } from './favicon.ts';
import { robotsTxt } from './robots.ts';
import { renderSitemap, SITEMAP_LIMIT, type SitemapPackage } from './sitemap.ts';

const DAY = 'public, max-age=86400';
const HOUR = 'public, max-age=3600';

export interface SeoOptions {
  wwwUrl: string;
  /** The declared pages of every remote (the sitemap lists those without parameters). */
  pages: () => Promise<readonly PageInfo[]>;
  /** The most used packages by our statistics, most used first; an empty list where there are none yet. */
  topPackages: (limit: number) => Promise<readonly SitemapPackage[]>;
}

export function registerSeoRoutes(app: FastifyInstance, options: SeoOptions): void {
  const robots = robotsTxt(options.wwwUrl);
  app.get('/robots.txt', async (request, reply) =>
    sendCacheable(request, reply, { body: robots, contentType: 'text/plain; charset=utf-8', cacheControl: DAY }),
  );

  for (const path of ['/favicon.ico', '/favicon.svg']) {
    app.get(path, async (request, reply) => sendCacheable(request, reply, { body: FAVICON_SVG, contentType: FAVICON_TYPE, cacheControl: DAY }));
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const pagePaths = (await options.pages()).map((page) => page.path).filter((path) => !path.includes(':') && !path.includes('*'));
    let packages: readonly SitemapPackage[] = [];
    try {
      packages = await options.topPackages(SITEMAP_LIMIT - pagePaths.length);
    } catch (error) {
      // Without statistics the sitemap still lists the site's own pages.
      request.log.warn({ err: error }, 'sitemap without package pages: statistics unavailable');
    }
    return sendCacheable(request, reply, {
      body: renderSitemap(options.wwwUrl, pagePaths, packages),
      contentType: 'application/xml; charset=utf-8',
      cacheControl: HOUR,
    });
  });
}
