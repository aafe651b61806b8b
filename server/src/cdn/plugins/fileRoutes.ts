/**
 * The CDN's own addresses: `/npm/...` (files, listings and `+esm` module builds), `/gh/...`, `/wp/...` and
 * `/combine/...`, each parsed from the raw URL by the `url/` parsers and served by `serve/` (or `esm/`).
 * An encapsulated plugin: it only adds routes, with what `cdn-serving` decorated the instance with.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PackageError } from '../../packages/types.ts';
import { serveEsm } from '../esm/serve/serveEsm.ts';
import { serveCombine } from '../serve/serveCombine.ts';
import { serveFileRequest } from '../serve/serveFileRequest.ts';
import { serveWordPress } from '../serve/serveWordPress.ts';
import { againIfVanished } from '../serve/vanishedFiles.ts';
import { parseCombinePath, parseGhPath, parseNpmPath } from '../../cdnUrl/parseCdnUrl.ts';
import { parseEsmPath } from '../url/parseEsmPath.ts';
import { parseWpPath } from '../../cdnUrl/parseWpPath.ts';

/** The part of the raw URL after a prefix such as '/npm/', without the query string. */
function restOf(request: FastifyRequest, prefix: string): string {
  const pathOnly = request.url.split('?', 1)[0] ?? '';
  return pathOnly.slice(prefix.length);
}

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.cdnContext;
  const esm = app.esmServing;
  const methods: Array<'GET' | 'HEAD'> = ['GET', 'HEAD'];
  // An answer made from cache files is made again when one of them went after its lookup (vanishedFiles.ts).
  const fromCacheFiles =
    (serve: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) =>
    (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
      againIfVanished(ctx, request, reply, () => serve(request, reply));
  app.route({
    method: methods,
    url: '/npm/*',
    handler: fromCacheFiles((request, reply) => {
      const rest = restOf(request, '/npm/');
      const queryAt = request.url.indexOf('?');
      const moduleBuild = parseEsmPath(rest, queryAt < 0 ? '' : request.url.slice(queryAt + 1));
      if (moduleBuild) return serveEsm(ctx, esm, request, reply, moduleBuild);
      return serveFileRequest(ctx, request, reply, parseNpmPath(rest));
    }),
  });
  app.route({
    method: methods,
    url: '/gh/*',
    handler: fromCacheFiles((request, reply) => serveFileRequest(ctx, request, reply, parseGhPath(restOf(request, '/gh/')))),
  });
  app.route({
    method: methods,
    url: '/wp/*',
    handler: fromCacheFiles((request, reply) => serveWordPress(ctx, request, reply, parseWpPath(restOf(request, '/wp/')))),
  });
  app.route({
    method: methods,
    url: '/combine/*',
    handler: fromCacheFiles((request, reply) => serveCombine(ctx, request, reply, parseCombinePath(restOf(request, '/combine/'), ctx.maxCombineParts))),
  });
  for (const prefix of ['/npm', '/gh', '/wp', '/combine']) {
    app.route({
      method: methods,
      url: prefix,
      handler: async () => {
        throw PackageError.badRequest(`Invalid URL: nothing follows ${prefix}/.`);
      },
    });
  }
};
