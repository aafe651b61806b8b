/**
 * The CDN service: `/npm/...`, `/gh/...`, `/wp/...` and `/combine/...`, served from the package layer's file cache,
 * with generated files (compressed, minified, combined) kept on disk beside it, a request log line per
 * answered request, and health, readiness and metrics. Assembled from plugins, in order (server/README.md,
 * "How a service is assembled").
 */
import fs from 'node:fs/promises';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { memoryCacheBudgets } from '../config/memoryCaches.ts';
import { TEXT_ERRORS, boundedServerOptions, frameworkErrors } from '../http/inputBounds.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageStore } from '../packages/types.ts';
import { packageLayer } from '../plugins/packageLayer.ts';
import { sharedStatePlugin } from '../plugins/sharedState.ts';
import type { RequestLogWriter } from '../requestlog/writer.ts';
import type { SearchSinkSource } from '../packages/searchSink.ts';
import type { CountryLookup } from './geo/countryDatabase.ts';
import { sendError } from './http/errors.ts';
import type { MinifyPoolOptions } from './minify/minifyPool.ts';
import { customRoutes } from './plugins/customRoutes.ts';
import { fileRoutes } from './plugins/fileRoutes.ts';
import { cdnHttp } from './plugins/http.ts';
import { rootRoute } from './plugins/rootRoute.ts';
import { requestLogPlugin } from './plugins/requestLog.ts';
import { cdnServing, customFilesDir, generatedDir, type CdnServingOptions } from './plugins/serving.ts';
import { warmAnswersPlugin } from './plugins/warmAnswers.ts';
import { WarmAnswers } from './serve/warmAnswers.ts';
import { HotFiles } from './http/hotFiles.ts';

export { customFilesDir, generatedDir } from './plugins/serving.ts';

export interface CdnAppOptions {
  /** Where the packages the real store fetches are sent for the search index; none when absent. */
  searchSink?: SearchSinkSource;
  /** The package layer to serve from; the real one (built from the configuration) when absent. */
  store?: PackageStore;
  /** Where request log lines go: a writer of the caller's, false for none, or (default) `{dataDir}/request-log`. */
  requestLog?: RequestLogWriter | false;
  /** Serve gzip and brotli variants (default true). */
  compression?: boolean;
  /**
   * Keep small popular files and whole answers in memory (default true, within their shares of
   * `limits.memoryCacheBytes`); false streams every body from disk.
   */
  memoryCache?: boolean;
  /**
   * Country of a client address, for requests no fronting CDN named a country for: the bundled offline
   * database (default), a lookup of the caller's, or false for none.
   */
  countries?: CountryLookup | false;
  /** Threads, time limit and queue of minification (one thread, 20 s, 64 waiting by default). */
  minify?: MinifyPoolOptions;
  /** ES module builds (`+esm`): see `CdnServingOptions.esm` (`plugins/serving.ts`). */
  esm?: CdnServingOptions['esm'];
}

export async function buildCdnApp(config: Config, options: CdnAppOptions = {}): Promise<FastifyInstance> {
  // Files kept in memory, and warm files answered by the server before Fastify (`answerFirst` of
  // ../http/serviceServer.ts) with the bytes kept there.
  const budgets = memoryCacheBudgets(config.limits.memoryCacheBytes);
  const hot = options.memoryCache === false ? null : new HotFiles({ maxTotalBytes: budgets.hotFilesBytes });
  const warm = hot ? new WarmAnswers({ bodies: hot, maxTotalBytes: budgets.warmAnswersBytes }) : null;
  const app = Fastify({
    logger: loggerOptions('cdn', config.logLevel),
    // Every request already becomes a line of the durable request log; two more JSON log lines per request
    // would cost the file path more than the answer itself. Failures are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Paths are parsed by our own code from the raw URL; let the router hand over long ones.
    routerOptions: { maxParamLength: 16 * 1024 },
    exposeHeadRoutes: false,
    ...boundedServerOptions(TEXT_ERRORS, warm ? (request, response, otherwise) => warm.serve(request, response, otherwise) : undefined),
    frameworkErrors: frameworkErrors(sendError),
  });

  await app.register(cdnHttp, { config });
  await app.register(observability, {
    service: 'cdn',
    isReady: async () => {
      await fs.access(generatedDir(config), fs.constants.W_OK);
      return true;
    },
  });
  if (hot) app.memoryCaches.add(() => [{ cache: 'hot_files', ...hot.memoryBytes() }]);
  if (warm) app.memoryCaches.add(() => [{ cache: 'warm_answers', ...warm.memoryBytes() }]);
  // What the origins of a fleet agree on (aliases, the download lock, purges): Redis when configured.
  await app.register(sharedStatePlugin, { config });
  await app.register(packageLayer, {
    config,
    store: options.store,
    searchSink: options.searchSink,
    open: 'now',
    // The CDN writes most of the cache (versions and generated files): it keeps the disk budget.
    diskBudget: {
      generatedDirs: [generatedDir(config), customFilesDir(config)],
      onSweep: (report) => app.log.info(report, 'file cache over its budget: least recently used versions and generated files removed'),
      onError: (error) => app.log.error({ err: error }, 'the file cache could not be swept'),
    },
    // A purge makes the warm answers forget the purged packages' files too.
    alsoForget: (ref) => warm?.forget(ref),
  });
  await app.register(cdnServing, { config, compression: options.compression, hot, minify: options.minify, esm: options.esm });
  await app.register(requestLogPlugin, { config, requestLog: options.requestLog, countries: options.countries, warm });
  await app.register(fileRoutes);
  await app.register(customRoutes, { config });
  await app.register(rootRoute, { config });
  // Last: what it keeps must be what every other hook let through.
  if (warm) await app.register(warmAnswersPlugin, { warm });
  app.addHook('onClose', async () => hot?.clear());
  return app;
}
