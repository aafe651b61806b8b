/** Statistics of custom endpoints (proxies): daily totals and top files. */
import type { FastifyInstance } from 'fastify';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { badRequest } from '../http/errors.ts';
import { parsePaging, setPagingHeaders } from '../http/paging.ts';
import type { ValidPath, ValidQuery } from '../openapi/routeSchemas.ts';

const PROXY_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

function proxyName({ name }: ValidPath<'getProxyStats'>): string {
  if (!PROXY_NAME.test(name)) throw badRequest(`Invalid parameter value: "${name}" is not a valid proxy name.`);
  return name;
}

export function registerProxyStats(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Params: ValidPath<'getProxyStats'>; Querystring: ValidQuery<'getProxyStats', 'period'> }>(
    '/v1/stats/proxies/:name',
    { schema: ctx.schemas.route('getProxyStats') },
    async (request, reply) => {
      const name = proxyName(request.params);
      const period = await ctx.period(request.query.period);
      const figures = await ctx.stats.proxies.proxy(name, period);
      cacheFor(reply, 'stats', ctx.now());
      return {
        hits: figures.hits,
        bandwidth: figures.bandwidth,
        links: { files: `${ctx.baseUrl}/v1/stats/proxies/${name}/files?period=${encodeURIComponent(period.input)}` },
      };
    },
  );

  type Files = { Params: ValidPath<'listTopProxyFiles'>; Querystring: ValidQuery<'listTopProxyFiles', 'by' | 'period' | 'limit' | 'page'> };
  app.get<Files>('/v1/stats/proxies/:name/files', { schema: ctx.schemas.route('listTopProxyFiles') }, async (request, reply) => {
    const name = proxyName(request.params);
    const { by } = request.query;
    const period = await ctx.period(request.query.period);
    const paging = parsePaging(request.query);
    const top = await ctx.stats.proxies.topFiles(name, period, by, paging);
    setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
    cacheFor(reply, 'stats', ctx.now());
    return top.rows.map((row) => ({ name: row.file, hits: { total: row.hits }, bandwidth: { total: row.bandwidth } }));
  });
}
