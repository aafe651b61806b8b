/**
 * The periods list the website fetches at start-up: every calendar month, quarter and year with data plus
 * the current ones, newest first, each with links to the statistics available for it. One small query.
 */
import type { FastifyInstance } from 'fastify';
import { listCalendarPeriods } from '../../stats/periods.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { parsePaging, setPagingHeaders } from '../http/paging.ts';
import type { ValidQuery } from '../openapi/routeSchemas.ts';

export function registerPeriods(app: FastifyInstance, ctx: DataContext): void {
  app.get<{ Querystring: ValidQuery<'listStatsPeriods', 'limit' | 'page'> }>(
    '/v1/stats/periods',
    { schema: ctx.schemas.route('listStatsPeriods') },
    async (request, reply) => {
      const paging = parsePaging(request.query);
      const now = ctx.now();
      const months = await ctx.stats.span.monthsWithData();
      const byMonth = new Map(months.map((m) => [m.month, m]));
      const periods = listCalendarPeriods(
        months.map((m) => m.month),
        now,
      ).map((p) => {
        const inPeriod = months.filter((m) => m.month.startsWith(p.period.slice(0, 4)) && monthInPeriod(m.month, p.period));
        const q = `?period=${p.period}`;
        const links: Record<string, string> = {};
        if (inPeriod.some((m) => byMonth.get(m.month)?.clients)) links['browsers'] = `${ctx.baseUrl}/v1/stats/browsers${q}`;
        links['network'] = `${ctx.baseUrl}/v1/stats/network${q}`;
        links['packages'] = `${ctx.baseUrl}/v1/stats/packages${q}`;
        if (inPeriod.some((m) => byMonth.get(m.month)?.clients)) links['platforms'] = `${ctx.baseUrl}/v1/stats/platforms${q}`;
        links['proxies'] = `${ctx.baseUrl}/v1/stats/proxies/{name}${q}`;
        return { ...p, links };
      });
      setPagingHeaders(request, reply, ctx.baseUrl, paging, periods.length);
      cacheFor(reply, 'stats', now);
      return periods.slice(paging.offset, paging.offset + paging.limit);
    },
  );
}

function monthInPeriod(month: string, period: string): boolean {
  if (/^\d{4}$/.test(period)) return month.startsWith(`${period}-`);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) return month.startsWith(`${quarter[1]}-`) && Math.ceil(Number(month.slice(5, 7)) / 3) === Number(quarter[2]);
  return month === period;
}
