/**
 * The data API service: package metadata through the package layer, usage statistics from the statistics
 * store (kept up to date from the request log by the ingester, which runs in a thread of this service), badges, and
 * our copy of the API contract with its documentation page.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import type { Config } from '../config/config.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageStoreOptions } from '../packages/index.ts';
import type { PackageStore } from '../packages/types.ts';
import type { SearchSinkSource } from '../shared/searchSink.ts';
import { catchUpEvery } from '../stats/ingester.ts';
import { IngestThread } from '../stats/ingestThread.ts';
import { requestLogDir } from '../requestlog/reader.ts';
import { openStatsStore, type StatsStore } from '../stats/store.ts';
import type { DataContext } from './context.ts';
import { shareIngestedDays } from './ingestNotices.ts';
import { installBehaviour } from './http/behaviour.ts';
import { registerStatsAdmission, type StatsAdmissionOptions } from './http/statsAdmission.ts';
import { createClientKey } from '../http/clientKey.ts';
import { NO_STORE } from './http/caching.ts';
import { ApiError } from './http/errors.ts';
import { parseContract, renderContract } from './openapi/contract.ts';
import { RouteSchemas, validatedQuery, type ValidQuery } from './openapi/routeSchemas.ts';
import { parsePackagePath } from './params.ts';
import { sendBadge } from './routes/badge.ts';
import { registerClientStats } from './routes/clientStats.ts';
import { registerContract } from './routes/contract.ts';
import { registerLookup } from './routes/lookup.ts';
import { registerNetworkStats } from './routes/networkStats.ts';
import { registerPackages } from './routes/packages.ts';
import { registerPackageStats } from './routes/packageStats.ts';
import { registerPeriods } from './routes/periods.ts';
import { registerProxyStats } from './routes/proxyStats.ts';
import { registerProviderCache } from './routes/providerCache.ts';
import { connectFanout, expireOnPurge } from '../purgefanout/fanout.ts';
import { acquireSharedState } from '../sharedState/index.ts';

export interface DataAppOptions {
  /** Where the packages the real store fetches are sent for the search index; none when absent. */
  searchSink?: SearchSinkSource;
  /** The package layer; created from the configuration on first use when not given. */
  store?: PackageStore;
  /** The statistics store; opened from the configuration when not given (and then closed with the app). */
  stats?: StatsStore;
  /** Fold the request log into the statistics every this many milliseconds; false to leave it to the caller. */
  ingestIntervalMs?: number | false;
  /** The clock, for periods and cache lifetimes. */
  now?: () => Date;
  /** Fair admission of statistics requests by client and days read (`http/statsAdmission.ts`). */
  admission?: StatsAdmissionOptions;
}

type ClosablePackageStore = PackageStore & { close?: () => Promise<void> | void };

async function createDefaultPackageStore(config: Config, storeOptions: PackageStoreOptions): Promise<ClosablePackageStore> {
  try {
    const { createPackageStore } = await import('../packages/index.ts');
    return await createPackageStore(config, storeOptions);
  } catch (error) {
    throw new ApiError(503, `Package metadata is not available: ${error instanceof Error ? error.message : String(error)}`);
  }
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
  const stats = options.stats ?? (await openStatsStore(config));
  const ownsStats = !options.stats;
  const now = options.now ?? (() => new Date());
  const baseUrl = config.services.data.publicUrl;
  const docsUrl = `${baseUrl}/docs`;

  // Every package the real store fetches from the registry is (re)indexed for search, in the background.
  const indexSink =
    options.store || !options.searchSink ? null : options.searchSink.acquire(config, (level, message, error) => app.log[level]({ err: error }, message));
  // Ready while the statistics store answers: every statistics endpoint needs it.
  await app.register(observability, { service: 'data', isReady: () => stats.answers() });
  // What the instances of a fleet agree on (aliases, purges): Redis when configured.
  const shared = await acquireSharedState(config, {
    metrics: app.metrics,
    log: (error, operation) => app.log.warn({ err: error, operation }, 'shared state failed: answered by this instance alone'),
  });
  const disconnectFanout = await connectFanout(shared.state);
  // What the ingesting process's catch-ups changed reaches the other processes' statistics caches.
  const ingestNotices = await shareIngestedDays(
    shared.state,
    (days) => stats.noteIngested(days),
    (error) => app.log.warn({ err: error }, 'the ingested days could not be told to the other processes'),
  );
  const storeOptions: PackageStoreOptions = {
    onNpmDocument: indexSink ? (fetched) => indexSink.packageFetched(fetched) : undefined,
    sharedState: shared.state,
  };
  // A purge makes the store forget its tag, range and branch resolutions of the purged packages.
  let stopPurgeListener: (() => void) | undefined;
  const listenForPurges = (store: ClosablePackageStore): ClosablePackageStore => {
    stopPurgeListener ??= expireOnPurge(store);
    return store;
  };
  let packageStore: Promise<ClosablePackageStore> | undefined = options.store ? Promise.resolve(listenForPurges(options.store)) : undefined;
  const packages = (): Promise<PackageStore> => {
    packageStore ??= createDefaultPackageStore(config, storeOptions).then(listenForPurges, (error: unknown) => {
      packageStore = undefined; // try again on the next request
      throw error;
    });
    return packageStore;
  };

  // Warmed before the service listens, so that its first requests do not pay for it: the statistics' reading
  // threads (seconds to start on a busy machine), and the package store. After a crash (kill -9) opening the
  // store re-hashes every blob written since the crashed process started (packages/storage/crashRecovery.ts):
  // 18.7 s for 1.4 GB of blobs, which the first package request of a replacement paid. Failing here is not
  // fatal: the first request tries again.
  app.addHook('onReady', async () => stats.warmUp());
  if (!options.store) {
    app.addHook('onReady', async () => {
      const started = performance.now();
      await packages().then(
        () => app.log.debug({ ms: Math.round(performance.now() - started) }, 'package store opened'),
        (error: unknown) => app.log.warn({ err: error }, 'the package store could not be opened: retried on the first request'),
      );
    });
  }

  // The contract as this deployment serves it: the parameters of every route are validated against it.
  const contractText = renderContract({
    dataUrl: baseUrl,
    docsUrl,
    siteUrl: config.services.www.publicUrl,
    packageSizeLimitMb: Math.round(config.limits.packageSizeBytes / (1024 * 1024)),
    githubSizeLimitMb: Math.round(config.limits.githubSizeBytes / (1024 * 1024)),
  });
  const schemas = new RouteSchemas(parseContract(contractText));

  const ctx: DataContext = {
    config,
    stats,
    packages,
    now,
    baseUrl,
    periodContext: async () => ({ now: now(), firstDay: await stats.firstDay() }),
    schemas,
  };

  await installBehaviour(app, docsUrl);
  registerStatsAdmission(app, createClientKey(config.edgeHeaders), ctx.periodContext, options.admission);
  registerPeriods(app, ctx);
  registerPackageStats(app, ctx);
  registerNetworkStats(app, ctx);
  registerProviderCache(app, ctx);
  registerClientStats(app, ctx);
  registerProxyStats(app, ctx);
  registerPackages(app, ctx);
  registerLookup(app, ctx);
  registerContract(app, ctx, contractText);
  // The website builds badge URLs as /v1/package/{type}/{name}/badge: the same badge.
  for (const type of ['npm', 'gh'] as const) {
    app.get<{ Params: { '*': string } }>(`/v1/package/${type}/*`, async (request, reply) => {
      const path = parsePackagePath(type, request.params['*']);
      if (path.version !== undefined || path.rest !== 'badge') throw new ApiError(404, `Couldn't find the requested resource ${request.url.split('?')[0]}.`);
      const query = validatedQuery<ValidQuery<'getPackageBadge', 'period' | 'style' | 'type'>>(
        request,
        schemas.querystring(type === 'gh' ? 'getRepoBadge' : 'getPackageBadge'),
      );
      return sendBadge(ctx, path.ref, query, reply);
    });
  }

  const interval = options.ingestIntervalMs ?? 2000;
  let stopIngest: (() => Promise<void>) | undefined;
  if (interval !== false) {
    // The ingester writes to the configured database from a thread of its own (stats/ingestThread.ts).
    if (!ownsStats) throw new Error('A data app given a statistics store of its own must be built with ingestIntervalMs: false.');
    const ingester = new IngestThread({ config, logDir: requestLogDir(config.dataDir) }, (changed) => {
      const days = [...changed];
      stats.noteIngested(days);
      ingestNotices.announce(days);
    });
    app.addHook('onReady', async () => {
      const stopCatchingUp = catchUpEvery(
        ingester,
        interval,
        { log: app.log, metrics: app.metrics },
        // Damaged lines never stop the statistics, but someone should hear of them.
        (result) => {
          if (result.skipped > 0) app.log.warn({ skipped: result.skipped, counted: result.lines }, 'log lines skipped: not of their format');
        },
      );
      stopIngest = async () => {
        await stopCatchingUp();
        await ingester.close();
      };
    });
  }
  app.addHook('onClose', async () => {
    stopPurgeListener?.();
    await stopIngest?.();
    if (packageStore && !options.store) await (await packageStore.catch(() => undefined))?.close?.();
    if (indexSink) await options.searchSink!.release(config);
    if (ownsStats) await stats.close();
    await disconnectFanout();
    await ingestNotices.close();
    await shared.release();
  });
  return app;
}
