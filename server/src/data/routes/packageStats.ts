/**
 * Package statistics: top packages, one package with ranks and previous-period figures, its top versions,
 * one version, the top files of a version, for npm, GitHub and WordPress.org plugins and themes alike.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { packageAccess } from '../../packages/access.ts';
import type { PackageRef } from '../../packages/types.ts';
import type { PackageKind } from '../../stats/types.ts';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { notFound } from '../http/errors.ts';
import { parsePaging, setPagingHeaders } from '../http/paging.ts';
import { validatedQuery, type OperationId, type ValidQuery } from '../openapi/routeSchemas.ts';
import { parsePackagePath, validateVersion } from '../params.ts';
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
    const period = await ctx.period(request.query.period);
    const paging = parsePaging(request.query);
    const top = await ctx.stats.packages.top(period, by, type, paging);
    setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
    cacheFor(reply, 'stats', ctx.now());
    return top.rows.map((row) => ({
      type: row.type,
      name: row.name,
      hits: row.hits,
      bandwidth: row.bandwidth,
      prev: row.prev,
      links: {
        self: statsUrl(ctx, row, undefined, '', period.input),
        versions: statsUrl(ctx, row, undefined, '/versions', period.input),
      },
    }));
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
  const period = await ctx.period(query.period);
  const figures = await ctx.stats.packages.package(ref.type as PackageKind, ref.name, period);
  cacheFor(reply, 'stats', ctx.now());
  return {
    hits: figures.hits,
    bandwidth: figures.bandwidth,
    links: {
      self: statsUrl(ctx, ref, undefined, '', period.input),
      versions: statsUrl(ctx, ref, undefined, '/versions', period.input),
    },
  };
}

type TopQuery = ValidQuery<'listTopPackageVersions', 'by' | 'period' | 'limit' | 'page'>;

async function topVersions(ctx: DataContext, ref: StatsRef, query: TopQuery, request: FastifyRequest, reply: FastifyReply) {
  const period = await ctx.period(query.period);
  const paging = parsePaging(query);
  const top = await ctx.stats.packages.topVersions(ref.type as PackageKind, ref.name, period, query.by, paging);
  setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
  cacheFor(reply, 'stats', ctx.now());
  return top.rows.map((row) => ({
    type: ref.type === 'npm' ? 'version' : row.kind,
    version: row.version,
    hits: row.hits,
    bandwidth: row.bandwidth,
    links: {
      self: statsUrl(ctx, ref, row.version, '', period.input),
      files: statsUrl(ctx, ref, row.version, '/files', period.input),
    },
  }));
}

async function versionStats(ctx: DataContext, ref: StatsRef, version: string, query: ValidQuery<'getPackageVersionStats', 'period'>, reply: FastifyReply) {
  const period = await ctx.period(query.period);
  const series = await ctx.stats.packages.version(ref.type as PackageKind, ref.name, version, period);
  cacheFor(reply, 'stats', ctx.now());
  return {
    ...series,
    links: {
      self: statsUrl(ctx, ref, version, '', period.input),
      files: statsUrl(ctx, ref, version, '/files', period.input),
    },
  };
}

async function topFiles(ctx: DataContext, ref: StatsRef, version: string, query: TopQuery, request: FastifyRequest, reply: FastifyReply) {
  const period = await ctx.period(query.period);
  const paging = parsePaging(query);
  const top = await ctx.stats.packages.topFiles(ref.type as PackageKind, ref.name, version, period, query.by, paging);
  setPagingHeaders(request, reply, ctx.baseUrl, paging, top.total);
  cacheFor(reply, 'stats', ctx.now());
  return top.rows.map((row) => ({ name: row.file, hits: row.hits, bandwidth: row.bandwidth }));
}
