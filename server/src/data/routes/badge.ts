/** The badge of a package: hits in the period, or its rank overall or among packages of its type. */
import type { FastifyReply } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { PackageRef } from '../../packages/types.ts';
import type { PackageKind } from '../../stats/types.ts';
import { compactNumber, renderBadge } from '../badge.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import type { ValidQuery } from '../openapi/routeSchemas.ts';

const PERIOD_WORDS: Record<string, string> = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' };

export async function sendBadge(ctx: DataContext, ref: PackageRef, query: ValidQuery<'getPackageBadge', 'period' | 'style' | 'type'>, reply: FastifyReply) {
  const { style, type: kind } = query;
  const period = await ctx.period(query.period);
  const type = ref.type as PackageKind;
  let value: string;
  if (kind === 'hits') {
    const hits = await ctx.stats.packages.hits(type, ref.name, period);
    value = `${compactNumber(hits)} hits${Object.hasOwn(PERIOD_WORDS, period.input) ? `/${PERIOD_WORDS[period.input]}` : ` in ${period.input}`}`;
  } else {
    const rank = await ctx.stats.packages.hitsRank(type, ref.name, period, kind === 'type-rank');
    value = rank === null ? 'no rank' : `#${rank + 1}${kind === 'type-rank' ? ` in ${ref.type}` : ''}`;
  }
  cacheFor(reply, 'stats', ctx.now());
  return reply.type('image/svg+xml; charset=utf-8').send(renderBadge(BRAND.name, value, style));
}
