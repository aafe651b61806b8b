/**
 * The search index of the service: the SQLite index of this machine (shared by the service's processes),
 * filled from the shipped catalog when empty (by the process that updates it), and the query threads that
 * answer from it, loaded before the service is ready. Decorates the instance with `searchIndex` and
 * `searchQueries`; closes them with the service. A fastify-plugin, so that the routes and the index's
 * upkeep, its siblings, see them.
 */
import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { catalogPath } from '../../packages/npm/npmCatalog.ts';
import { bootstrapFromCatalog } from '../bootstrap.ts';
import type { SearchIndex } from '../index.ts';
import { acquireSearchIndex, releaseSearchIndex, searchIndexFile } from '../indexer.ts';
import { QueryPool, type QueryPoolOptions } from '../queryPool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    searchIndex: SearchIndex;
    /** The query threads: every query is answered by one of them, off the serving thread. */
    searchQueries: QueryPool;
  }
}

export interface SearchIndexOptions {
  config: Config;
  /** The gzip TSV catalog that fills an empty index; defaults to the one shipped in server/data. */
  catalogFile?: string | undefined;
  /** Fill an empty index from the catalog at start-up; false where another process of the service does. */
  bootstrapCatalog: boolean;
  /** Threads, time limit, queue and fair admission (per-client budget, cheap lane) of the query threads. */
  queries?: QueryPoolOptions | undefined;
}

const plugin: FastifyPluginAsync<SearchIndexOptions> = async (app, options) => {
  const { config } = options;
  const index = acquireSearchIndex(config);
  app.addHook('onClose', async () => releaseSearchIndex(config));

  const catalogFile = options.catalogFile ?? catalogPath(config.projectRoot);
  if (!options.bootstrapCatalog) {
    // Another process of the service fills and updates the index.
  } else if (fs.existsSync(catalogFile)) {
    const started = performance.now();
    const report = bootstrapFromCatalog(index, catalogFile, (message) => app.log.info(message));
    if (report.added > 0) app.log.info({ added: report.added, ms: Math.round(performance.now() - started) }, 'Search index bootstrapped from the catalog');
  } else {
    app.log.warn({ catalogFile }, 'No package catalog found: the search index starts empty');
  }

  if (options.bootstrapCatalog) {
    // What the catalog or an earlier configuration indexed of packages the operator now refuses goes before any query.
    const removed = index.removeRefused();
    if (removed > 0) app.log.info({ removed }, 'Packages refused by the allow-list or deny-list removed from the search index');
  }

  // Queries are answered by the pool's threads, which load their ranking keys before the service is ready.
  const queries = new QueryPool(searchIndexFile(config), options.queries);
  app.addHook('onReady', async () => queries.ready());
  app.addHook('onClose', async () => queries.close());
  app.decorate('searchIndex', index);
  app.decorate('searchQueries', queries);
};

export const searchIndex = fp(plugin, { name: 'search-index' });
