/**
 * The documents of the site, an encapsulated plugin over the `www-site` decorations: `/config.json`, the
 * remotes manifest, the boot document, the blog's feed, the esm.run benchmark's frame, and `/robots.txt`
 * with the sitemap.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_DOCUMENT_PATH } from '@skylift/shared/config';
import type { Config } from '../../config/config.ts';
import { sendCacheable } from '../../http/conditional.ts';
import { renderRss } from '../blog/rss.ts';
import { registerBenchmarkFrame } from '../http/benchmarkFrame.ts';
import { REMOTES_MANIFEST_PATH } from '../runtimeConfig/runtimeConfig.ts';
import { registerSeoRoutes } from '../seo/seoRoutes.ts';
import { topPackagesFromStats, type TopPackages } from '../seo/topPackages.ts';
import type { PublishedContent } from '../site/publishedContent.ts';
import { REVALIDATE } from '../static/cachePolicy.ts';

export const FEED_PATH = '/blog/rss';
const FEED_CACHE = 'public, max-age=3600';

export interface DocumentRoutesOptions {
  config: Config;
  /** The most used packages for the sitemap; read from the statistics store of the configuration when absent. */
  topPackages?: TopPackages | undefined;
}

export const documentRoutes: FastifyPluginAsync<DocumentRoutesOptions> = async (app, { config, topPackages }) => {
  const { site, remotesManifest, publishedContent } = app;
  const wwwUrl = config.services.www.publicUrl;
  // The esm.run page also reads what it links to beyond our services, where the deployment sets it.
  const runtimeConfig = JSON.stringify(config.esmTools ? { ...app.runtimeConfig, esm: config.esmTools } : app.runtimeConfig);
  const sendJson = (request: FastifyRequest, reply: FastifyReply, body: string) =>
    sendCacheable(request, reply, { body, contentType: 'application/json; charset=utf-8', cacheControl: REVALIDATE });
  app.get('/config.json', async (request, reply) => sendJson(request, reply, runtimeConfig));
  app.get(REMOTES_MANIFEST_PATH, async (request, reply) => sendJson(request, reply, JSON.stringify(await remotesManifest.current())));
  app.get(BOOT_DOCUMENT_PATH, async (request, reply) => sendJson(request, reply, JSON.stringify((await site.snapshot()).boot)));
  registerBenchmarkFrame(app, config);

  // Rendered again only when a new build of the content remote publishes other posts.
  let feed: { from: PublishedContent; body: string } | undefined;
  app.get(FEED_PATH, async (request, reply) => {
    const current = await publishedContent.current();
    if (feed?.from !== current) feed = { from: current, body: renderRss(current.posts, wwwUrl) };
    return sendCacheable(request, reply, { body: feed.body, contentType: 'application/rss+xml; charset=utf-8', cacheControl: FEED_CACHE });
  });

  const statsSource = topPackages ? null : topPackagesFromStats(config);
  if (statsSource) app.addHook('onClose', async () => statsSource.close());
  registerSeoRoutes(app, {
    wwwUrl,
    pages: async () => (await site.snapshot()).boot.pages.flatMap((remote) => remote.pages),
    topPackages: topPackages ?? statsSource!.topPackages,
  });
};
