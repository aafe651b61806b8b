/**
 * The search service: the part of Algolia's search API that algoliasearch v5 uses (multi-index queries,
 * single-index query, get object by name), over the SQLite index of npm packages, so that the website's
 * real algoliasearch client works against it unchanged. Errors have Algolia's shape: `{ message, status }`.
 */
import fs from 'node:fs';
import { createGunzip } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds, frameworkAnswer } from '../http/inputBounds.ts';
import { registerPublicCors } from '../http/cors.ts';
import type { Config } from '../config/config.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import { bootstrapFromCatalog } from './bootstrap.ts';
import { catalogPath } from '../shared/npmCatalog.ts';
import { openStatsStore, type StatsStore } from '../stats/store.ts';
import { CatalogEnricher } from './enricher.ts';
import { HitsRefresher } from './hitsRefresher.ts';
import { ChangesFollower } from './follower.ts';
import type { SearchIndex } from './index.ts';
import { acquireSearchIndex, codeHostOf, releaseSearchIndex, searchIndexFile } from './indexer.ts';
import { answerJson } from './answerJson.ts';
import { QueryPool, QueryPoolError, type QueryPoolOptions } from './queryPool.ts';
import { createClientKey } from '../http/clientKey.ts';
import { ClientOverBudget } from '../shared/fairQueue.ts';
import { bodyObject, PAGINATION_LIMIT, ProtocolError, readMultiQuery, readObjectsRequest, readQueryParams, type QueryParams } from './protocol.ts';
import { retrieve } from './record.ts';
import { registryFetcher } from './registry.ts';

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
  /** Collect the process's own metrics on /metrics (once per process). */
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

interface Credentials {
  appId: string | undefined;
  apiKey: string | undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The key and application id travel as headers (server clients) or query parameters (browser clients). */
function credentialsOf(request: FastifyRequest): Credentials {
  const query = request.query as Record<string, string | string[] | undefined>;
  const fromQuery = (name: string): string | undefined => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    appId: header(request, 'x-algolia-application-id') ?? fromQuery('x-algolia-application-id'),
    apiKey: header(request, 'x-algolia-api-key') ?? fromQuery('x-algolia-api-key'),
  };
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message, status });
}

export async function buildSearchApp(config: Config, options: SearchAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions('search', config.logLevel),
    bodyLimit: 1024 * 1024,
    ...boundedServerOptions(JSON_ERRORS),
    frameworkErrors: frameworkErrors(sendError),
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });
  const index: SearchIndex = acquireSearchIndex(config);
  app.addHook('onClose', async () => releaseSearchIndex(config));

  const catalogFile = options.catalogFile ?? catalogPath(config.projectRoot);
  if (options.bootstrapCatalog === false) {
    // Another process of the service fills and updates the index.
  } else if (fs.existsSync(catalogFile)) {
    const started = performance.now();
    const report = bootstrapFromCatalog(index, catalogFile, (message) => app.log.info(message));
    if (report.added > 0) app.log.info({ added: report.added, ms: Math.round(performance.now() - started) }, 'Search index bootstrapped from the catalog');
  } else {
    app.log.warn({ catalogFile }, 'No package catalog found: the search index starts empty');
  }

  // Queries are answered by the pool's threads, which load their ranking keys before the service is ready.
  const queries = new QueryPool(searchIndexFile(config), options.queries);
  app.addHook('onReady', async () => queries.ready());
  app.addHook('onClose', async () => queries.close());

  await app.register(observability, { service: 'search', processMetrics: options.processMetrics ?? false, isReady: () => index.db.open });

  const feedUrl = config.search.changesFeedUrl;
  if (feedUrl && (options.followChanges ?? true)) {
    const follower = new ChangesFollower(index, {
      feedUrl,
      fetchDocument: registryFetcher(config.upstream.npmRegistry, config.upstream.timeoutMs),
      codeHost: codeHostOf(config),
      idleDelayMs: options.followIdleDelayMs,
      timeoutMs: config.upstream.timeoutMs,
    });
    app.addHook('onReady', async () => follower.start({ log: app.log, metrics: app.metrics }));
    app.addHook('preClose', async () => follower.stop());
  }

  if (options.hitsRefreshIntervalMs !== false) {
    const hitsLog = (level: 'info' | 'warn', message: string, error?: unknown): void => app.log[level]({ err: error }, message);
    let stats: StatsStore | undefined = options.stats;
    let ownsStats = false;
    if (!stats) {
      try {
        stats = await openStatsStore(config);
        ownsStats = true;
      } catch (error) {
        hitsLog('warn', 'The statistics cannot be opened: search ranks by npm downloads only', error);
      }
    }
    if (stats) {
      const refresher = new HitsRefresher(index, stats, { intervalMs: options.hitsRefreshIntervalMs, log: hitsLog });
      // Awaited at start-up, so the first answers already rank by what the CDN served.
      app.addHook('onReady', async () => refresher.start({ log: app.log, metrics: app.metrics }));
      app.addHook('preClose', async () => refresher.stop());
      const owned = ownsStats ? stats : undefined;
      if (owned) app.addHook('onClose', async () => owned.close());
    }
  }

  if (options.enrichCatalog ?? true) {
    const enricher = new CatalogEnricher(index, {
      fetchLatest: registryFetcher(config.upstream.npmRegistry, config.upstream.timeoutMs, true),
      codeHost: codeHostOf(config),
      log: (level, message) => app.log[level](message),
    });
    app.addHook('onReady', async () => enricher.start({ log: app.log, metrics: app.metrics }));
    app.addHook('preClose', async () => enricher.stop());
  }

  // Bodies arrive as JSON or as text/plain (the lite client, to avoid a CORS preflight); both are read as
  // text and parsed in one place, so a malformed body is a 400 in Algolia's shape whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (header(request, 'content-encoding') !== 'gzip') return payload;
    // Fastify checks Content-Length against the bytes received, which it reads from this property.
    const gunzip = Object.assign(createGunzip(), { receivedEncodedLength: 0 });
    payload.on('data', (chunk: Buffer) => {
      gunzip.receivedEncodedLength += chunk.length;
    });
    payload.pipe(gunzip);
    return gunzip;
  });

  // Browsers call from the website's origin; everything here is public, read-only data (queries are POSTed).
  await registerPublicCors(app, { methods: ['GET', 'POST', 'OPTIONS'] });

  app.addHook('onRequest', async (request, reply) => {
    // The route that will answer, not the address as sent: `/%31/indexes/...` is routed to `/1/indexes/...` too.
    if (request.method === 'OPTIONS' || !request.routeOptions.url?.startsWith('/1/')) return;
    const { appId, apiKey } = credentialsOf(request);
    if (appId !== config.search.appId || apiKey !== config.search.apiKey) {
      return sendError(reply, 403, 'Invalid Application-ID or API key');
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ProtocolError) return sendError(reply, error.status, error.message);
    if (error instanceof QueryPoolError) {
      request.log.warn({ status: error.status }, error.message);
      return sendError(reply, error.status, error.message);
    }
    if (error instanceof ClientOverBudget) return sendError(reply.header('retry-after', String(error.retryAfterSeconds)), error.status, error.message);
    const framework = frameworkAnswer(error as FastifyError);
    if (framework) return sendError(reply, framework.status, framework.message);
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request body is too large' : error instanceof Error ? error.message : 'Bad request';
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'Search request failed');
    return sendError(reply, 500, 'The search failed; please try again');
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Path not found'));

  const checkIndex = (name: string): void => {
    if (name !== config.search.indexName) throw new ProtocolError(404, `Index ${name} does not exist`);
  };

  const clientKey = createClientKey(config.edgeHeaders);

  /**
   * The queries of one call, answered together by one query thread, each in Algolia's answer shape as JSON
   * text (the hits written by the thread: answerJson.ts); `extra` is added to each answer (a multi-query's index).
   */
  const search = async (request: FastifyRequest, list: QueryParams[], extra: (at: number) => Record<string, unknown> = () => ({})): Promise<string[]> => {
    const started = performance.now();
    // Algolia never serves hits past `paginationLimitedTo`; a page beyond it only counts.
    const hitsPerPageOf = (params: QueryParams): number => Math.min(params.hitsPerPage, Math.max(0, PAGINATION_LIMIT - params.page * params.hitsPerPage));
    const results = await queries.search(
      list.map((params) => {
        // The page's offset is the requested page size's; the answer is cut to what the limit leaves.
        const hitsLimit = hitsPerPageOf(params);
        const empty = hitsLimit === 0;
        return {
          query: params.query,
          page: empty ? 0 : params.page,
          hitsPerPage: empty ? 0 : params.hitsPerPage,
          facetFilters: params.facetFilters,
          hitsLimit,
          ...(params.attributesToRetrieve ? { attributesToRetrieve: params.attributesToRetrieve } : {}),
        };
      }),
      clientKey(request),
    );
    const processingTimeMS = Math.round(performance.now() - started);
    return list.map((params, at) => {
      const result = results[at]!;
      const reachable = Math.min(result.nbHits, PAGINATION_LIMIT);
      return answerJson(result, {
        nbHits: result.nbHits,
        page: params.page,
        nbPages: params.hitsPerPage > 0 ? Math.ceil(reachable / params.hitsPerPage) : 0,
        hitsPerPage: params.hitsPerPage,
        // False when the count is an estimate (a query matching a large share of the index; see index.ts).
        exhaustiveNbHits: result.exhaustive,
        exhaustive: { nbHits: result.exhaustive },
        query: params.query,
        params: params.params,
        processingTimeMS,
        ...extra(at),
      });
    });
  };

  const json = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);

  app.post<{ Params: { index: string } }>('/1/indexes/:index/queries', async (request, reply) => {
    const requests = readMultiQuery(bodyObject(request.body));
    for (const { indexName } of requests) checkIndex(indexName);
    const answers = await search(
      request,
      requests.map(({ params }) => params),
      (at) => ({ index: requests[at]!.indexName }),
    );
    return json(reply, `{"results":[${answers.join(',')}]}`);
  });

  app.post<{ Params: { index: string } }>('/1/indexes/:index/query', async (request, reply) => {
    checkIndex(request.params.index);
    return json(reply, (await search(request, [readQueryParams(bodyObject(request.body))]))[0]!);
  });

  // The older GET form: search parameters in the query string.
  app.get<{ Params: { index: string }; Querystring: Record<string, string> }>('/1/indexes/:index', async (request, reply) => {
    checkIndex(request.params.index);
    const { ['x-algolia-api-key']: _key, ['x-algolia-application-id']: _app, ['x-algolia-agent']: _agent, ...params } = request.query;
    return json(reply, (await search(request, [readQueryParams(params)]))[0]!);
  });

  app.post<{ Params: { index: string } }>('/1/indexes/:index/objects', async (request) => {
    const wanted = readObjectsRequest(bodyObject(request.body));
    for (const { indexName } of wanted) checkIndex(indexName);
    return {
      results: wanted.map(({ objectID, attributesToRetrieve }) => {
        const record = index.get(objectID);
        return record ? retrieve(record, attributesToRetrieve) : null;
      }),
    };
  });

  app.get<{ Params: { index: string; objectID: string }; Querystring: { attributesToRetrieve?: string } }>(
    '/1/indexes/:index/:objectID',
    async (request, reply) => {
      checkIndex(request.params.index);
      const record = index.get(request.params.objectID);
      if (!record) return sendError(reply, 404, 'ObjectID does not exist');
      const attributes = readQueryParams({ attributesToRetrieve: request.query.attributesToRetrieve }).attributesToRetrieve;
      return retrieve(record, attributes);
    },
  );

  return app;
}
