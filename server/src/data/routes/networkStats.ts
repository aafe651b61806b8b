/** Network-wide statistics: by provider, by content (packages, proxies, other) and by country. */
import type { FastifyInstance } from 'fastify';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import type { ValidQuery } from '../openapi/routeSchemas.ts';
import { parseLocation } from '../params.ts';

export function registerNetworkStats(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Querystring: ValidQuery<'getNetworkStats', 'period'> }>(
    '/v1/stats/network',
    { schema: ctx.schemas.route('getNetworkStats') },
    async (request, reply) => {
      const location = parseLocation(request.query);
      const period = await ctx.period(request.query.period);
      const figures = await ctx.stats.network.byProvider(period, location.countries);
      cacheFor(reply, 'stats', ctx.now());
      return figures;
    },
  );

  app.get<{ Querystring: ValidQuery<'getNetworkContentStats', 'period'> }>(
    '/v1/stats/network/content',
    { schema: ctx.schemas.route('getNetworkContentStats') },
    async (request, reply) => {
      const period = await ctx.period(request.query.period);
      const figures = await ctx.stats.network.byContent(period);
      cacheFor(reply, 'stats', ctx.now());
      return figures;
    },
  );

  app.get<{ Querystring: ValidQuery<'getNetworkCountriesStats', 'period'> }>(
    '/v1/stats/network/countries',
    { schema: ctx.schemas.route('getNetworkCountriesStats') },
    async (request, reply) => {
      const period = await ctx.period(request.query.period);
      const figures = await ctx.stats.network.byCountry(period);
      cacheFor(reply, 'stats', ctx.now());
      return figures;
    },
  );
}
