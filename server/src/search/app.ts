/**
 * The search service: the part of Algolia's search API that algoliasearch v5 uses (multi-index queries,
 * single-index query, get object by name), over the SQLite index of npm packages, so that the website's
 * real algoliasearch client works against it unchanged. Errors have Algolia's shape: `{ message, status }`.
 * Assembled from plugins, in order (server/README.md, "How a service is assembled").
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import type { Config } from '../config/config.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { StatsStore } from '../stats/store.ts';
import { algoliaHttp, sendError } from './plugins/algoliaHttp.ts';
import { algoliaRoutes } from './plugins/algoliaRoutes.ts';
import { indexUpkeep } from './plugins/indexUpkeep.ts';
import { searchIndex } from './plugins/searchIndex.ts';
import type { QueryPoolOptions } from './queryPool.ts';

export interface SearchAppOptions {
  /** The gzip TSV catalog that fills an empty index; defaults to the one shipped in server/data. */
  catalogFile?: string;
  /**
   * Fill an empty index from the catalog at start-up (default true). Of several processes sharing one index
   * file only the leader does, as it alone runs the follower, the enricher and the hits refresher.
   */
  bootstrapCatalog?: boolean;
  /** Follow `config.search.changesFeedUrl`; defaults to on when that URL is configured. */
  followChanges?: boolean;
  /** Pause of the follower after the feed reports nothing new. */
  followIdleDelayMs?: number;
  /**
   * Complete catalog records from their documents in the registry, most used first, in the background.
   * On by default, so that a fresh install soon filters well-known packages by author and type.
   */
  enrichCatalog?: boolean;
  /** Collect the process's own metrics on /metrics (default true; see `observability`). */
  processMetrics?: boolean;
  /** Where `jsDelivrHits` come from; opened from the configuration (and closed with the app) when not given. */
  stats?: StatsStore;
  /**
   * Refresh `jsDelivrHits` from the statistics every this many milliseconds (default 10 minutes), besides
   * once at start-up; false for never.
   */
  hitsRefreshIntervalMs?: number | false;
  /** Threads, time limit, queue and fair admission (per-client budget, cheap lane) of the query threads. */
  queries?: QueryPoolOptions;
}

export async function buildSearchApp(config: Config, options: SearchAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions('search', config.logLevel),
    bodyLimit: 1024 * 1024,
    ...boundedServerOptions(JSON_ERRORS),
    frameworkErrors: frameworkErrors(sendError),
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });
  await app.register(searchIndex, { config, catalogFile: options.catalogFile, bootstrapCatalog: options.bootstrapCatalog ?? true, queries: options.queries });
  await app.register(observability, { service: 'search', processMetrics: options.processMetrics ?? true, isReady: () => app.searchIndex.db.open });
  await app.register(indexUpkeep, {
    config,
    followChanges: options.followChanges,
    followIdleDelayMs: options.followIdleDelayMs,
    enrichCatalog: options.enrichCatalog,
    stats: options.stats,
    hitsRefreshIntervalMs: options.hitsRefreshIntervalMs,
  });
  await app.register(algoliaHttp, { config });
  await app.register(algoliaRoutes, { config });
  return app;
}
