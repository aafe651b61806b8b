/**
 * Package statistics: top packages, one package with ranks and previous-period figures, its top versions,
 * one version, the top files of a version, for npm, GitHub and WordPress.org plugins and themes alike.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { packageAccess } from '../../packages/access.ts';
import type { PackageRef } from '../../packages/types.ts';
import { adjustPrev } from '../../stats/periods.ts';
import type { PackageKind } from '../../stats/store.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { notFound } from '../http/errors.ts';
import { parsePaging, setPagingHeaders } from '../http/paging.ts';
import { validatedQuery, type OperationId, type ValidQuery } from '../openapi/routeSchemas.ts';
import { parsePackagePath, periodParam, validateVersion } from '../params.ts';
import { seriesOf } from '../series.ts';
import { parseWordPressStatsPath } from '../wordPressStatsPath.ts';
import { sendBadge } from './badge.ts';

/** What statistics are kept for: an npm package, a GitHub repository, a WordPress plugin or theme. */
type StatsRef = PackageRef | { type: PackageKind; name: string };

export function statsUrl(ctx: DataContext, ref: StatsRef, version?: string, suffix = '', period?: string): string {
  const v = version === undefined ? '' : `@${version}`;
  return `${ctx.baseUrl}/v1/stats/packages/${ref.type}/${ref.name}${v}${suffix}${period ? `?period=${encodeURIComponent(period)}` : ''}`;
}

export function registerPackageStats(app: FastifyInstance, ctx: DataContext): void {
  type Top = { Querystring: ValidQuery<'listTopPackages', 'by' | 'period' | 'limit' | 'page'> };
  app.get<Top>('/v1/stats/packages', { schema: ctx.schemas.route('listTopPackages') }, async (request, reply) => {
    const { by, type } = request.query;
    const period = periodParam(request.query.period, await ctx.periodContext());
    const paging = parsePaging(request.query);
    const top = await ctx.stats.topPackages(period, by, type, paging);
    const prev = period.prev ? await ctx.stats.packageTotals(period.prev, top.rows) : new Map();
    setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
    cacheFor(reply, 'stats', ctx.now());
    return top.rows.map((row) => {
      const before = prev.get(`${row.type}/${row.name}`) ?? { hits: 0, bandwidth: 0 };
      return {
        type: row.type,
        name: row.name,
        hits: row.hits,
        bandwidth: row.bandwidth,
        prev: { hits: adjustPrev(before.hits, period), bandwidth: adjustPrev(before.bandwidth, period) },
        links: {
          self: statsUrl(ctx, row, undefined, '', period.input),
          versions: statsUrl(ctx, row, undefined, '/versions', period.input),
        },
      };
    });
  });

  // The figures of a package the operator does not serve are refused as its files and metadata are.
  const access = packageAccess(ctx.config.access);
  for (const type of ['npm', 'gh'] as const) {
    app.get<{ Params: { '*': string } }>(`/v1/stats/packages/${type}/*`, async (request, reply) => {
      const path = parsePackagePath(type, request.params['*']);
      if (type === 'npm') access.check(path.ref.name);
      // One address pattern serves several operations of the contract: the query is validated against the one asked for.
      const scoped = path.ref.name.startsWith('@');
      const query = <Q>(gh: OperationId, npm: OperationId, npmScoped: OperationId): Q =>
        validatedQuery<Q>(request, ctx.schemas.querystring(type === 'gh' ? gh : scoped ? npmScoped : npm));
      if (path.version === undefined) {
        if (path.rest === '') return packageStats(ctx, path.ref, query('getRepoStats', 'getPackageStats', 'getScopedPackageStats'), reply);
        if (path.rest === 'versions')
          return topVersions(ctx, path.ref, query('listTopRepoVersions', 'listTopPackageVersions', 'listTopScopedPackageVersions'), request, reply);
        if (path.rest === 'badge') return sendBadge(ctx, path.ref, query('getRepoBadge', 'getPackageBadge', 'getScopedPackageBadge'), reply);
      } else {
        const version = validateVersion(path.ref, path.version);
        if (path.rest === '')
          return versionStats(ctx, path.ref, version, query('getRepoVersionStats', 'getPackageVersionStats', 'getScopedPackageVersionStats'), reply);
        if (path.rest === 'files')
          return topFiles(
            ctx,
            path.ref,
            version,
            query('listTopRepoVersionFiles', 'listTopPackageVersionFiles', 'listTopScopedPackageVersionFiles'),
            request,
            reply,
          );
      }
      throw notFound(`Couldn't find the requested resource ${request.url.split('?')[0]}.`);
    });
  }

  app.get<{ Params: { '*': string } }>('/v1/stats/packages/wp/*', async (request, reply) => {
    const path = parseWordPressStatsPath(request.params['*']);
    const query = <Q>(operation: OperationId): Q => validatedQuery<Q>(request, ctx.schemas.querystring(operation));
    if (path.version === undefined) {
      if (path.rest === '') return packageStats(ctx, path.ref, query('getWordPressStats'), reply);
      if (path.rest === 'versions') return topVersions(ctx, path.ref, query('listTopWordPressVersions'), request, reply);
    } else {
      if (path.rest === '') return versionStats(ctx, path.ref, path.version, query('getWordPressVersionStats'), reply);
      if (path.rest === 'files') return topFiles(ctx, path.ref, path.version, query('listTopWordPressVersionFiles'), request, reply);
    }
    throw notFound(`Couldn't find the requested resource ${request.url.split('?')[0]}.`);
  });
}

async function packageStats(ctx: DataContext, ref: StatsRef, query: ValidQuery<'getPackageStats', 'period'>, reply: FastifyReply) {
  const period = periodParam(query.period, await ctx.periodContext());
  const type = ref.type as PackageKind;
  const series = seriesOf(period, await ctx.stats.packageDaily(type, ref.name, period));
  const prevSeries = period.prev ? seriesOf(period.prev, await ctx.stats.packageDaily(type, ref.name, period.prev)) : undefined;
  const none = { rank: null, typeRank: null };
  const ranks = await ctx.stats.packageRanks(type, ref.name, period);
  const prevRanks = period.prev ? await ctx.stats.packageRanks(type, ref.name, period.prev) : { hits: none, bandwidth: none };
  const [hitsRank, bandwidthRank, prevHitsRank, prevBandwidthRank] = [ranks.hits, ranks.bandwidth, prevRanks.hits, prevRanks.bandwidth];
  cacheFor(reply, 'stats', ctx.now());
  return {
    hits: {
      ...hitsRank,
      total: series.hits.total,
      dates: series.hits.dates,
      prev: { ...prevHitsRank, total: adjustPrev(prevSeries?.hits.total ?? 0, period) },
    },
    bandwidth: {
      ...bandwidthRank,
      total: series.bandwidth.total,
      dates: series.bandwidth.dates,
      prev: { ...prevBandwidthRank, total: adjustPrev(prevSeries?.bandwidth.total ?? 0, period) },
    },
    links: {
      self: statsUrl(ctx, ref, undefined, '', period.input),
      versions: statsUrl(ctx, ref, undefined, '/versions', period.input),
    },
  };
}

type TopQuery = ValidQuery<'listTopPackageVersions', 'by' | 'period' | 'limit' | 'page'>;

async function topVersions(ctx: DataContext, ref: StatsRef, query: TopQuery, request: FastifyRequest, reply: FastifyReply) {
  const { by } = query;
  const period = periodParam(query.period, await ctx.periodContext());
  const paging = parsePaging(query);
  const type = ref.type as PackageKind;
  const top = await ctx.stats.topVersions(type, ref.name, period, by, paging);
  const daily = await ctx.stats.versionsDaily(
    type,
    ref.name,
    top.rows.map((r) => r.version),
    period,
  );
  setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
  cacheFor(reply, 'stats', ctx.now());
  return top.rows.map((row) => ({
    type: ref.type === 'npm' ? 'version' : row.kind,
    version: row.version,
    ...seriesOf(period, daily.get(row.version)),
    links: {
      self: statsUrl(ctx, ref, row.version, '', period.input),
      files: statsUrl(ctx, ref, row.version, '/files', period.input),
    },
  }));
}

async function versionStats(ctx: DataContext, ref: StatsRef, version: string, query: ValidQuery<'getPackageVersionStats', 'period'>, reply: FastifyReply) {
  const period = periodParam(query.period, await ctx.periodContext());
  const daily = await ctx.stats.versionsDaily(ref.type as PackageKind, ref.name, [version], period);
  cacheFor(reply, 'stats', ctx.now());
  return {
    ...seriesOf(period, daily.get(version)),
    links: {
      self: statsUrl(ctx, ref, version, '', period.input),
      files: statsUrl(ctx, ref, version, '/files', period.input),
    },
  };
}

async function topFiles(ctx: DataContext, ref: StatsRef, version: string, query: TopQuery, request: FastifyRequest, reply: FastifyReply) {
  const { by } = query;
  const period = periodParam(query.period, await ctx.periodContext());
  const paging = parsePaging(query);
  const type = ref.type as PackageKind;
  const top = await ctx.stats.topFiles(type, ref.name, version, period, by, paging);
  const daily = await ctx.stats.filesDaily(
    type,
    ref.name,
    version,
    top.rows.map((r) => r.file),
    period,
  );
  setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
  cacheFor(reply, 'stats', ctx.now());
  return top.rows.map((row) => ({ name: row.file, ...seriesOf(period, daily.get(row.file)) }));
}
