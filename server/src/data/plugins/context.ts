/**
 * What every route of the data API works with (`../context.ts`), assembled once from what the other plugins
 * decorated the instance with (the statistics, the package layer) and the contract as this deployment
 * serves it, whose parameters every route is validated against. Decorates the instance with `dataContext`
 * and `contractText`. A fastify-plugin, so that the route groups, its siblings, see them.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import type { PackageStore } from '../../packages/types.ts';
import type { DataContext } from '../context.ts';
import { FileHashIndex } from '../fileHashes.ts';
import { ApiError } from '../http/errors.ts';
import { parseContract, renderContract } from '../openapi/contract.ts';
import { periodResolver } from '../params.ts';
import { RouteSchemas } from '../openapi/routeSchemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataContext: DataContext;
    /** The OpenAPI contract (YAML) with this deployment's addresses and limits. */
    contractText: string;
  }
}

export interface DataContextOptions {
  config: Config;
  /** The clock, for periods and cache lifetimes. */
  now?: (() => Date) | undefined;
}

const plugin: FastifyPluginAsync<DataContextOptions> = async (app, { config, now = () => new Date() }) => {
  const baseUrl = config.services.data.publicUrl;
  const contractText = renderContract({
    dataUrl: baseUrl,
    docsUrl: `${baseUrl}/docs`,
    siteUrl: config.services.www.publicUrl,
    packageSizeLimitMb: Math.round(config.limits.packageSizeBytes / (1024 * 1024)),
    githubSizeLimitMb: Math.round(config.limits.githubSizeBytes / (1024 * 1024)),
  });
  const stats = app.stats;
  const openStore = app.packages;
  // A package layer that cannot be opened is the API's 503; the statistics still answer meanwhile.
  const packages = (): Promise<PackageStore> =>
    openStore().catch((error: unknown) => {
      throw new ApiError(503, `Package metadata is not available: ${error instanceof Error ? error.message : String(error)}`);
    });
  app.decorate('contractText', contractText);
  const fileHashes = await FileHashIndex.open(stats.engine);
  app.decorate('dataContext', {
    config,
    stats: stats.reads,
    fileHashes,
    packages,
    now,
    baseUrl,
    period: periodResolver(now, () => stats.reads.span.firstDay()),
    schemas: new RouteSchemas(parseContract(contractText)),
  });
};

export const dataContext = fp(plugin, { name: 'data-context', dependencies: ['data-statistics', 'package-layer'] });
