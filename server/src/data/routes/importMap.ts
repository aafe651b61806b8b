/**
 * `GET /v1/importmap?packages=react@18,react-dom@18/client,lit`: an import map with integrity for a set of
 * packages (`../importMap/`). The answer for exact versions never changes (the builds of exact versions are
 * immutable), so it is kept a year; one naming a range or tag changes when a version is published, so it is
 * kept as long as resolved ranges are.
 */
import type { FastifyInstance } from 'fastify';
import semver from 'semver';
import { PackageError } from '../../packages/types.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { ApiError } from '../http/errors.ts';
import { httpCdnFetch } from '../importMap/cdnClient.ts';
import { buildImportMap } from '../importMap/importMap.ts';
import type { CdnFetch } from '../importMap/moduleGraph.ts';
import { parseSpecs } from '../importMap/specs.ts';
import type { ValidQuery } from '../openapi/routeSchemas.ts';

export function registerImportMap(app: FastifyInstance, ctx: DataContext, cdnFetch?: CdnFetch): void {
  const cdnUrl = ctx.config.services.cdn.publicUrl;
  const cdn = cdnFetch ?? httpCdnFetch(cdnUrl);
  app.get<{ Querystring: ValidQuery<'getImportMap'> }>('/v1/importmap', { schema: ctx.schemas.route('getImportMap') }, async (request, reply) => {
    const specs = parseSpecs(request.query.packages);
    const store = await ctx.packages();
    let answer;
    try {
      answer = await buildImportMap(specs, store, cdn, cdnUrl);
    } catch (error) {
      if (error instanceof ApiError || error instanceof PackageError) throw error;
      throw new ApiError(502, `The CDN could not be asked for the modules: ${error instanceof Error ? error.message : String(error)}.`);
    }
    cacheFor(reply, specs.every((spec) => semver.valid(spec.range) !== null) ? 'immutable' : 'metadata', ctx.now());
    return answer;
  });
}
