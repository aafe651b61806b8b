/**
 * The cache hit rate of each provider, measured from the request log: of the requests whose log line says
 * where the bytes came from, the share answered from cache (fresh or, while the upstream failed, stale)
 * rather than fetched upstream. Not part of the public contract; the statistics page shows it beside
 * each provider.
 */
import type { FastifyInstance } from 'fastify';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';

export function registerProviderCache(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Querystring: { period: string } }>(
    '/v1/stats/network/cache',
    { schema: { querystring: ctx.schemas.querystringOf('period') } },
    async (request, reply) => {
      const period = await ctx.period(request.query.period);
      const providers = await ctx.stats.network.providerCache(period);
      cacheFor(reply, 'stats', ctx.now());
      return providers;
    },
  );
}
