/**
 * The data API's route groups, each an encapsulated plugin over the service's `dataContext`: what is
 * registered inside one (the statistics' fair admission) applies to its own routes only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createClientKey } from '../../http/clientKey.ts';
import { registerStatsAdmission, type StatsAdmissionOptions } from '../http/statsAdmission.ts';
import { ApiError } from '../http/errors.ts';
import type { CdnFetch } from '../importMap/moduleGraph.ts';
import { validatedQuery, type ValidQuery } from '../openapi/routeSchemas.ts';
import { parsePackagePath } from '../params.ts';
import { sendBadge } from './badge.ts';
import { registerClientStats } from './clientStats.ts';
import { registerContract } from './contract.ts';
import { registerImportMap } from './importMap.ts';
import { registerLookup } from './lookup.ts';
import { registerNetworkStats } from './networkStats.ts';
import { registerPackages } from './packages.ts';
import { registerPackageStats } from './packageStats.ts';
import { registerPeriods } from './periods.ts';
import { registerProxyStats } from './proxyStats.ts';
import { registerProviderCache } from './providerCache.ts';

/** `/v1/stats/...` and `/v1/lookup/hash/...`: read from the statistics store, admitted fairly between clients. */
export const statisticsRoutes: FastifyPluginAsync<{ admission?: StatsAdmissionOptions | undefined }> = async (app, { admission }) => {
  const ctx = app.dataContext;
  registerStatsAdmission(app, createClientKey(ctx.config.edgeHeaders), ctx.period, admission);
  registerPeriods(app, ctx);
  registerPackageStats(app, ctx);
  registerNetworkStats(app, ctx);
  registerProviderCache(app, ctx);
  registerClientStats(app, ctx);
  registerProxyStats(app, ctx);
  registerLookup(app, ctx);
};

/** `/v1/packages/...` (metadata through the package layer) and the badges of `/v1/package/...`. */
export const packageRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dataContext;
  registerPackages(app, ctx);
  // The website builds badge URLs as /v1/package/{type}/{name}/badge: the same badge.
  for (const type of ['npm', 'gh'] as const) {
    app.get<{ Params: { '*': string } }>(`/v1/package/${type}/*`, async (request, reply) => {
      const path = parsePackagePath(type, request.params['*']);
      if (path.version !== undefined || path.rest !== 'badge') throw new ApiError(404, `Couldn't find the requested resource ${request.url.split('?')[0]}.`);
      const query = validatedQuery<ValidQuery<'getPackageBadge', 'period' | 'style' | 'type'>>(
        request,
        ctx.schemas.querystring(type === 'gh' ? 'getRepoBadge' : 'getPackageBadge'),
      );
      return sendBadge(ctx, path.ref, query, reply);
    });
  }
};

/** `/v1/importmap`: import maps of the CDN's `+esm` modules, read from the CDN (`cdnFetch`, over HTTP when not given). */
export const importMapRoutes: FastifyPluginAsync<{ cdnFetch?: CdnFetch | undefined }> = async (app, { cdnFetch }) => {
  registerImportMap(app, app.dataContext, cdnFetch);
};

/** `/v1/spec.yaml`, `/docs` and `/`: the contract, for programs and for people. */
export const contractRoutes: FastifyPluginAsync = async (app) => {
  registerContract(app, app.dataContext, app.contractText);
};
