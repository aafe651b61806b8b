/**
 * The data API service: package metadata through the package layer, usage statistics from the statistics
 * store (kept up to date from the request log by the ingester, which runs in a thread of this service), badges, and
 * our copy of the API contract with its documentation page. Assembled from plugins, in order (server/README.md,
 * "How a service is assembled").
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import type { Config } from '../config/config.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageStore } from '../packages/types.ts';
import { packageLayer } from '../plugins/packageLayer.ts';
import { sharedStatePlugin } from '../plugins/sharedState.ts';
import type { SearchSinkSource } from '../packages/searchSink.ts';
import type { StatsStore } from '../stats/store.ts';
import { dataBehaviour } from './http/behaviour.ts';
import { dataCompression } from './http/compression.ts';
import type { StatsAdmissionOptions } from './http/statsAdmission.ts';
import { NO_STORE } from './http/caching.ts';
import { dataContext } from './plugins/context.ts';
import { statistics } from './plugins/statistics.ts';
import type { CdnFetch } from './importMap/moduleGraph.ts';
import { contractRoutes, importMapRoutes, packageRoutes, statisticsRoutes } from './routes/groups.ts';

export interface DataAppOptions {
  /** Where the packages the real store fetches are sent for the search index; none when absent. */
  searchSink?: SearchSinkSource;
  /** The package layer; created from the configuration on first use when not given. */
  store?: PackageStore;
  /** The statistics store; opened from the configuration when not given (and then closed with the app). */
  stats?: StatsStore;
  /** Fold the request log into the statistics every this many milliseconds (`config.ingestIntervalMs` when absent); false to leave it to the caller. */
  ingestIntervalMs?: number | false;
  /** The clock, for periods and cache lifetimes. */
  now?: () => Date;
  /** Fair admission of statistics requests by client and days read (`http/statsAdmission.ts`). */
  admission?: StatsAdmissionOptions;
  /** How the import maps ask the CDN for its modules; over HTTP at the CDN's public address when not given. */
  cdnFetch?: CdnFetch;
}

const sendDataError = (reply: FastifyReply, status: number, message: string): FastifyReply =>
  reply.code(status).header('cache-control', NO_STORE).type('application/json; charset=utf-8').send({ status, message });

export async function buildDataApp(config: Config, options: DataAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions('data', config.logLevel),
    routerOptions: { maxParamLength: 500 },
    // What the router refuses before any route runs (an address that cannot be decoded) gets our error shape too.
    ...boundedServerOptions(JSON_ERRORS),
    frameworkErrors: frameworkErrors(sendDataError),
  });
  registerInputBounds(app, { sendError: sendDataError, ownOrigins: ownOrigins(config) });

  // Ready while the statistics store answers: every statistics endpoint needs it.
  await app.register(observability, { service: 'data', isReady: () => app.stats.answers() });
  // What the instances of a fleet agree on (aliases, purges, ingested days): Redis when configured.
  await app.register(sharedStatePlugin, { config });
  await app.register(packageLayer, { config, store: options.store, searchSink: options.searchSink, open: 'when-ready' });
  await app.register(statistics, { config, stats: options.stats, ingestIntervalMs: options.ingestIntervalMs });
  await app.register(dataContext, { config, now: options.now });
  await app.register(dataBehaviour, { docsUrl: `${config.services.data.publicUrl}/docs` });
  await app.register(dataCompression);
  await app.register(statisticsRoutes, { admission: options.admission });
  await app.register(packageRoutes);
  await app.register(importMapRoutes, { cdnFetch: options.cdnFetch });
  await app.register(contractRoutes);
  return app;
}
