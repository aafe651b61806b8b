/**
 * The routes of the configured custom endpoints: `/{path}/...` served from the project's file host, or,
 * for a project that publishes on npm under a scope of its own, from that scope's packages
 * (`/ghost/portal@2/umd/portal.min.js` is `@tryghost/portal@2/umd/portal.min.js`). Either way the request
 * log line names the endpoint.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomEndpoint } from '../../config/customEndpoints.ts';
import { PackageError } from '../../packages/types.ts';
import type { CdnContext } from '../serve/cdnContext.ts';
import { serveFileRequest } from '../serve/serveFileRequest.ts';
import { parseNpmPath } from '../../cdnUrl/parseCdnUrl.ts';
import type { CustomFiles } from './customFiles.ts';
import { serveCustom } from './serveCustom.ts';
import { againIfVanished } from '../serve/vanishedFiles.ts';

/** The part of the raw URL after a prefix, without the query string. */
function restOf(request: FastifyRequest, prefix: string): string {
  return (request.url.split('?', 1)[0] ?? '').slice(prefix.length);
}

export function registerCustomEndpoints(app: FastifyInstance, ctx: CdnContext, files: CustomFiles, endpoints: readonly CustomEndpoint[]): void {
  const methods: Array<'GET' | 'HEAD'> = ['GET', 'HEAD'];
  for (const endpoint of endpoints) {
    const prefix = `${endpoint.path}/`;
    const scope = endpoint.npmScope;
    app.route({
      method: methods,
      url: `${prefix}*`,
      handler: (request, reply) => {
        const rest = restOf(request, prefix);
        request.cdn.proxy = endpoint.name;
        if (!scope) return serveCustom(ctx, files, endpoint, request, reply, rest);
        // The scope is fixed by the endpoint: a path naming another scope would step outside it.
        if (/^(@|%40)/i.test(rest)) throw PackageError.badRequest(`Invalid URL: ${prefix} serves the packages of ${scope} only.`);
        return againIfVanished(ctx, request, reply, () => serveFileRequest(ctx, request, reply, parseNpmPath(`${scope}/${rest}`)));
      },
    });
    app.route({
      method: methods,
      url: endpoint.path,
      handler: async (request) => {
        request.cdn.proxy = endpoint.name;
        throw PackageError.badRequest(`Invalid URL: a file path must follow ${prefix}.`);
      },
    });
  }
}
