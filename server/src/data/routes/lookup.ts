/** Reverse lookup of a file by the hex SHA-256 of its content, among files listed at least once. */
import type { FastifyInstance } from 'fastify';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ValidPath } from '../openapi/routeSchemas.ts';

export function registerLookup(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Params: ValidPath<'lookupFileHash'> }>('/v1/lookup/hash/:hash', { schema: ctx.schemas.route('lookupFileHash') }, async (request, reply) => {
    const { hash } = request.params;
    if (!/^[0-9a-fA-F]{64}$/.test(hash))
      throw badRequest(`Invalid parameter value: hash must be a hex-encoded SHA-256 (64 hexadecimal digits), got "${hash}".`);
    const found = await ctx.fileHashes.lookup(hash.toLowerCase());
    if (!found) throw notFound(`Couldn't find a file with the hash ${hash}.`);
    // The first file seen with a hash keeps it for good.
    cacheFor(reply, 'immutable', ctx.now());
    return found;
  });
}
