/**
 * What the package pages load from the web server, an encapsulated plugin over `packages()`: images of other
 * hosts through the proxy (`/img`), readmes rendered to safe HTML (`/readme/...`) and the share images.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/config.ts';
import { sendCacheable } from '../../http/conditional.ts';
import { isNpmName } from '../../packages/npm/npmName.ts';
import { sendError } from '../http/errors.ts';
import { imageProxyHosts, readmeImageProxy } from '../images/imageHosts.ts';
import { registerImageProxy } from '../images/imageProxyRoute.ts';
import { registerReadmeRoute } from '../readme/readmeRoute.ts';
import { packageFacts } from '../share/packageFacts.ts';
import { DEFAULT_SHARE_IMAGE_PATH, PACKAGE_SHARE_IMAGE_PREFIX, defaultShareImage, packageShareImage } from '../share/shareImage.ts';
import { normaliseRequestPath } from '../static/requestPath.ts';

const SHARE_IMAGE_CACHE = 'public, max-age=86400';

export const packageRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const packages = app.packages;
  // Images of other hosts (readmes, search hits, avatars) are served from our origin, through the proxy.
  const imageHosts = imageProxyHosts(config);
  registerImageProxy(app, { config: config.imageProxy, hosts: imageHosts });
  registerReadmeRoute(app, {
    packages,
    cdnUrl: config.services.cdn.publicUrl,
    githubRawUrl: config.upstream.githubRaw,
    proxyImage: readmeImageProxy(imageHosts, app.runtimeConfig),
  });

  app.get(DEFAULT_SHARE_IMAGE_PATH, async (request, reply) =>
    sendCacheable(request, reply, { body: await defaultShareImage(), contentType: 'image/png', cacheControl: SHARE_IMAGE_CACHE }),
  );

  app.get(`${PACKAGE_SHARE_IMAGE_PREFIX}*`, async (request, reply) => {
    const target = normaliseRequestPath(request.raw.url ?? request.url);
    if (!target.ok) return sendError(reply, 400, target.message);
    if (!target.pathname.startsWith(PACKAGE_SHARE_IMAGE_PREFIX)) return sendError(reply, 404, `Not found: ${target.pathname}`);
    const name = target.pathname.slice(PACKAGE_SHARE_IMAGE_PREFIX.length);
    if (!isNpmName(name)) return sendError(reply, 400, `"${name}" is not a valid npm package name.`);
    const facts = await packageFacts(await packages(), { type: 'npm', name });
    return sendCacheable(request, reply, {
      body: packageShareImage(name, facts?.description ?? null),
      contentType: 'image/png',
      cacheControl: SHARE_IMAGE_CACHE,
    });
  });
};
