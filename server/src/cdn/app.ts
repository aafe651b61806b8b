/**
 * The CDN service: `/npm/...`, `/gh/...`, `/wp/...` and `/combine/...`, served from the package layer's file cache,
 * with generated files (compressed, minified, combined) kept on disk beside it, a request log line per
 * answered request, and health, readiness and metrics.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { TEXT_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageStoreOptions } from '../packages/index.ts';
import { PackageError, type PackageStore } from '../packages/types.ts';
import type { SearchSinkSource } from '../shared/searchSink.ts';
import { RequestLogWriter } from '../requestlog/writer.ts';
import { requestLogDir } from '../requestlog/reader.ts';
import { registerPublicCors } from '../http/cors.ts';
import { ArtifactStore } from './derived/artifactStore.ts';
import { CompressedVariants } from './derived/compressedVariants.ts';
import { errorHandler, sendError } from './http/errors.ts';
import { applyCommonHeaders } from './http/headers.ts';
import { HotFiles } from './http/hotFiles.ts';
import { warmFirstServer } from './http/warmFirstServer.ts';
import { OpenFiles } from './http/openFiles.ts';
import { EsmBuilds } from './esm/esmBuilds.ts';
import { serveEsm, type EsmServing } from './esm/serveEsm.ts';
import { createCdnMetrics } from './metrics.ts';
import { Minifier } from './minify/minifier.ts';
import { MinifyPool, type MinifyPoolOptions } from './minify/minifyPool.ts';
import { createClientKey } from '../http/clientKey.ts';
import { createRequestLogger, requestLogHook } from './requestLogger.ts';
import { backgroundCountryLookup, CountryDatabase, type CountryLookup } from './geo/countryDatabase.ts';
import type { CdnContext } from './serve/cdnContext.ts';
import { newRequestContext } from './serve/requestContext.ts';
import { serveCombine } from './serve/serveCombine.ts';
import { serveFileRequest } from './serve/serveFileRequest.ts';
import { WarmAnswers } from './serve/warmAnswers.ts';
import { createDefaultStore } from './store/defaultStore.ts';
import { CustomFiles } from './custom/customFiles.ts';
import { registerCustomEndpoints } from './custom/registerCustomEndpoints.ts';
import { parseCombinePath, parseGhPath, parseNpmPath } from './url/parseCdnUrl.ts';
import { parseEsmPath } from './url/parseEsmPath.ts';
import { parseWpPath } from './url/parseWpPath.ts';
import { serveWordPress } from './serve/serveWordPress.ts';
import { createPackageMetrics } from '../packages/upstream/metrics.ts';
import { WordPressClient } from '../packages/wordpress/wordpressClient.ts';
import { WordPressFiles } from '../packages/wordpress/wordpressFiles.ts';
import { connectFanout, expireOnPurge } from '../purgefanout/fanout.ts';
import { acquireSharedState } from '../sharedState/index.ts';

export interface CdnAppOptions {
  /** Where the packages the real store fetches are sent for the search index; none when absent. */
  searchSink?: SearchSinkSource;
  /** The package layer to serve from; the real one (built from the configuration) when absent. */
  store?: PackageStore;
  /** Where request log lines go: a writer of the caller's, false for none, or (default) `{dataDir}/request-log`. */
  requestLog?: RequestLogWriter | false;
  /** Serve gzip and brotli variants (default true). */
  compression?: boolean;
  /** Keep small popular files in memory (default true); false streams every body from disk. */
  memoryCache?: boolean;
  /**
   * Country of a client address, for requests no fronting CDN named a country for: the bundled offline
   * database (default), a lookup of the caller's, or false for none.
   */
  countries?: CountryLookup | false;
  /** Threads, time limit and queue of minification (one thread, 20 s, 64 waiting by default). */
  minify?: MinifyPoolOptions;
  /** ES module builds (`+esm`): builds at once (default 2) and the time limit of one (default 30 s). */
  esm?: { concurrency?: number; timeoutMs?: number; budgetPerClient?: number };
}

/** Where the CDN keeps the files of custom endpoints, fetched from each project's host. */
export function customFilesDir(config: Config): string {
  return path.join(config.dataDir, 'cdn-custom');
}

/** Where the CDN keeps what it generates (compressed, minified and combined files). */
export function generatedDir(config: Config): string {
  return path.join(config.dataDir, 'cdn-generated');
}

/** The part of the raw URL after a prefix such as '/npm/', without the query string. */
function restOf(request: FastifyRequest, prefix: string): string {
  const pathOnly = request.url.split('?', 1)[0] ?? '';
  return pathOnly.slice(prefix.length);
}

export async function buildCdnApp(config: Config, options: CdnAppOptions = {}): Promise<FastifyInstance> {
  // Warm files are answered by the server before Fastify (http/warmFirstServer.ts).
  const warm = options.memoryCache === false ? null : new WarmAnswers();
  const app = Fastify({
    ...(warm ? { serverFactory: warmFirstServer(warm) } : {}),
    logger: loggerOptions('cdn', config.logLevel),
    // Every request already becomes a line of the durable request log; two more JSON log lines per request
    // would cost the file path more than the answer itself. Failures are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Paths are parsed by our own code from the raw URL; let the router hand over long ones.
    routerOptions: { maxParamLength: 16 * 1024 },
    exposeHeadRoutes: false,
    ...boundedServerOptions(TEXT_ERRORS),
    frameworkErrors: frameworkErrors(sendError),
  });
  app.decorateRequest('cdn', null as never);
  // First of all hooks: an answer the bounds give (a 414, a 400, a 405) is logged like any other.
  app.addHook('onRequest', async (request, reply) => {
    request.cdn = newRequestContext();
    if (request.method === 'OPTIONS') request.cdn.answer = 'preflight';
    applyCommonHeaders(reply);
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });

  const dir = generatedDir(config);
  await fs.mkdir(dir, { recursive: true });

  await app.register(observability, {
    service: 'cdn',
    isReady: async () => {
      await fs.access(dir, fs.constants.W_OK);
      return true;
    },
  });
  const metrics = createCdnMetrics(app.metrics);
  // What the origins of a fleet agree on (aliases, the download lock, purges): Redis when configured.
  const shared = await acquireSharedState(config, {
    metrics: app.metrics,
    log: (error, operation) => app.log.warn({ err: error, operation }, 'shared state failed: answered by this origin alone'),
  });
  const disconnectFanout = await connectFanout(shared.state);
  app.addHook('onClose', async () => {
    await disconnectFanout();
    await shared.release();
  });
  // Every package the real store fetches from the registry is (re)indexed for search, in the background.
  const indexSink =
    options.store || !options.searchSink ? null : options.searchSink.acquire(config, (level, message, error) => app.log[level]({ err: error }, message));
  const storeOptions: PackageStoreOptions = {
    metrics: app.metrics,
    onError: (error, context) => app.log.warn({ err: error, context }, 'background refresh of the package layer failed'),
    jobLog: app.log,
    onNpmDocument: indexSink ? (fetched) => indexSink.packageFetched(fetched) : undefined,
    onRecovery: (report) => app.log.warn(report, 'the package cache was not closed by the last process: recently written files checked'),
    sharedState: shared.state,
    // The CDN writes most of the cache (versions and generated files): it keeps the disk budget.
    diskBudget: {
      generatedDirs: [dir, customFilesDir(config)],
      onSweep: (report) => app.log.info(report, 'file cache over its budget: least recently used versions and generated files removed'),
      onError: (error) => app.log.error({ err: error }, 'the file cache could not be swept'),
    },
  };
  const created = options.store ? null : await createDefaultStore(config, storeOptions);
  const store = options.store ?? created!.store;
  // A purge makes this store forget its tag, range and branch resolutions of the purged packages, and the
  // warm answers their files.
  const stopPurgeListener = expireOnPurge({
    expire: async (ref) => {
      warm?.forget(ref);
      await store.expire(ref);
    },
  });
  // Minification runs in its own thread, off the serving path, with a time limit.
  const minifyPool = new MinifyPool(options.minify);
  app.addHook('onClose', () => minifyPool.close());
  const artifacts = new ArtifactStore({ dir, onLookup: (artifact, hit) => metrics.derived.inc({ artifact, result: hit ? 'hit' : 'miss' }) });
  const wpBases = { plugins: config.upstream.wpPlugins, themes: config.upstream.wpThemes };
  const wpClient = new WordPressClient({
    bases: wpBases,
    timeoutMs: config.upstream.timeoutMs,
    maxFileBytes: config.limits.wpFileBytes,
    metrics: createPackageMetrics(app.metrics),
  });
  const ctx: CdnContext = {
    store,
    artifacts,
    variants: options.compression === false ? null : new CompressedVariants(artifacts),
    minifier: new Minifier(artifacts, config.services.www.publicUrl, minifyPool),
    files: new OpenFiles(),
    hot: options.memoryCache === false ? null : new HotFiles(),
    maxCombineParts: config.limits.combineParts,
    wordpress: new WordPressFiles({ client: wpClient, cache: artifacts, bases: wpBases }),
    websiteUrl: config.services.www.publicUrl,
    clientKey: createClientKey(config.edgeHeaders),
  };

  const esm: EsmServing = {
    builds: new EsmBuilds({ store, artifacts, websiteUrl: config.services.www.publicUrl, metrics: app.metrics, ...options.esm }),
    cdnUrl: config.services.cdn.publicUrl,
  };
  const writer =
    options.requestLog === false
      ? null
      : (options.requestLog ??
        new RequestLogWriter({
          dir: requestLogDir(config.dataDir),
          onError: (error) => app.log.error({ err: error }, 'cannot write the request log'),
          onDropped: (lines) => app.log.error({ lines }, 'request log lines dropped while the disk refused them'),
        }));

  // After the first hook, so that a preflight, answered by the CORS hook, is still logged as one.
  // Module builds name their type declarations in X-TypeScript-Types, which editors on other origins read.
  await registerPublicCors(app, { exposedHeaders: ['X-TypeScript-Types'] });
  const countries =
    options.countries === false
      ? null
      : (options.countries ??
        backgroundCountryLookup(
          () => CountryDatabase.bundled(),
          (error) => app.log.warn({ err: error }, 'the IP-to-country database could not be loaded; countries come only from the edge header'),
        ));
  const log = createRequestLogger(config, writer, metrics, countries);
  app.addHook('onResponse', requestLogHook(log));
  warm?.onReplay((request, answer, seconds) => {
    log({
      method: 'GET',
      url: request.url ?? '',
      headers: request.headers,
      socket: request.socket,
      statusCode: 200,
      contentLength: answer.body.length,
      cdn: answer.log,
    });
    app.countAnswer('GET', answer.route, 200, seconds);
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found. CDN paths start with /npm/, /gh/, /wp/ or /combine/.'));
  app.addHook('onClose', async () => {
    if (writer && options.requestLog === undefined) await writer.close();
    else await writer?.flush();
    stopPurgeListener();
    warm?.clear();
    ctx.files.clear();
    ctx.hot?.clear();
    await created?.close();
    if (indexSink) await options.searchSink!.release(config);
  });

  const methods: Array<'GET' | 'HEAD'> = ['GET', 'HEAD'];
  app.route({
    method: methods,
    url: '/npm/*',
    handler: (request, reply) => {
      const rest = restOf(request, '/npm/');
      const moduleBuild = parseEsmPath(rest);
      if (moduleBuild) return serveEsm(ctx, esm, request, reply, moduleBuild);
      return serveFileRequest(ctx, request, reply, parseNpmPath(rest));
    },
  });
  app.route({
    method: methods,
    url: '/gh/*',
    handler: (request, reply) => serveFileRequest(ctx, request, reply, parseGhPath(restOf(request, '/gh/'))),
  });
  app.route({
    method: methods,
    url: '/wp/*',
    handler: (request, reply) => serveWordPress(ctx, request, reply, parseWpPath(restOf(request, '/wp/'))),
  });
  app.route({
    method: methods,
    url: '/combine/*',
    handler: (request, reply) => serveCombine(ctx, request, reply, parseCombinePath(restOf(request, '/combine/'), ctx.maxCombineParts)),
  });
  for (const prefix of ['/npm', '/gh', '/wp', '/combine']) {
    app.route({
      method: methods,
      url: prefix,
      handler: async () => {
        throw PackageError.badRequest(`Invalid URL: nothing follows ${prefix}/.`);
      },
    });
  }
  const customFiles = new CustomFiles({ dir: customFilesDir(config), maxFileBytes: config.limits.packageSizeBytes, timeoutMs: config.upstream.timeoutMs });
  registerCustomEndpoints(app, ctx, customFiles, config.customEndpoints);
  // Last of the hooks that may change the body, so that what is kept is what was sent.
  if (warm) {
    app.addHook('onSend', (request, reply, payload, done) => {
      warm.record(request, reply, payload);
      done(null, payload);
    });
  }

  return app;
}
