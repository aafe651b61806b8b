/**
 * The cache hit rate of each provider, measured from the request log: of the requests whose log line says
 * where the bytes came from, the share answered from cache (fresh or, while the upstream failed, stale)
 * rather than fetched upstream. Not part of the public contract; the statistics page shows it beside
 * each provider.
 */
import type { FastifyInstance } from 'fastify';
import { providerName } from '../../stats/geography.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { periodParam } from '../params.ts';

export function registerProviderCache(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Querystring: { period: string } }>(
    '/v1/stats/network/cache',
    { schema: { querystring: ctx.schemas.querystringOf('period') } },
    async (request, reply) => {
      const period = periodParam(request.query.period, await ctx.periodContext());
      const counts = new Map<string, { hit: number; miss: number; stale: number }>();
      for (const row of await ctx.stats.cacheResults(period)) {
        const entry = counts.get(row.provider) ?? { hit: 0, miss: 0, stale: 0 };
        if (row.result === 'hit' || row.result === 'miss' || row.result === 'stale') entry[row.result] += row.hits;
        counts.set(row.provider, entry);
      }
      cacheFor(reply, 'stats', ctx.now());
      return [...counts.entries()]
        .map(([code, requests]) => {
          const measured = requests.hit + requests.miss + requests.stale;
          const cacheHitRate = measured === 0 ? null : Math.round(((requests.hit + requests.stale) / measured) * 10_000) / 100;
          return { code, name: providerName(code), cacheHitRate, requests };
        })
        .sort((a, b) => a.code.localeCompare(b.code));
    },
  );
}
