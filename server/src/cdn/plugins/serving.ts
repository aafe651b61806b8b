/**
 * What the CDN's routes serve with, built once per service from the package layer's store: the generated
 * files kept on disk (compressed variants, minified files, `+esm` builds), the minification thread, the
 * WordPress.org files and the small files kept in memory. Decorates the instance with
 * `cdnContext`, `esmServing` and `cdnMetrics`, and clears or closes them when the service closes. A
 * fastify-plugin, so that the route plugins, its siblings, see them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { createClientKey } from '../../http/clientKey.ts';
import { createPackageMetrics } from '../../packages/upstream/metrics.ts';
import { WordPressClient } from '../../packages/wordpress/wordpressClient.ts';
import { WordPressFiles } from '../../packages/wordpress/wordpressFiles.ts';
import { ArtifactStore } from '../derived/artifactStore.ts';
import { CompressedVariants } from '../derived/compressedVariants.ts';
import { EsmBuilds } from '../esm/store/esmBuilds.ts';
import { answeredBuildsDir, pinnedStoreFor } from '../esm/store/pinnedStore.ts';
import { AnsweredBuilds } from '../esm/store/answeredBuilds.ts';
import { BuildDescriptions } from '../esm/serve/buildMeta.ts';
import type { EsmServing } from '../esm/serve/serveEsm.ts';
import type { HotFiles } from '../http/hotFiles.ts';
import { createCdnMetrics, type CdnMetrics } from '../metrics.ts';
import { Minifier } from '../minify/minifier.ts';
import { MinifyPool, type MinifyPoolOptions } from '../minify/minifyPool.ts';
import type { CdnContext } from '../serve/cdnContext.ts';
import { memoryCacheBudgets } from '../../config/memoryCaches.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cdnContext: CdnContext;
    esmServing: EsmServing;
    cdnMetrics: CdnMetrics;
  }
}

/** What the routes serve with: compression, the files kept in memory, minification and module builds. */
export interface CdnServingOptions {
  config: Config;
  /** Serve gzip and brotli variants (default true). */
  compression?: boolean | undefined;
  /** Small popular files kept in memory (`../http/hotFiles.ts`, shared with the warm answers); null streams every body from disk. */
  hot: HotFiles | null;
  /** Threads, time limit and queue of minification (one thread, 20 s, 64 waiting by default). */
  minify?: MinifyPoolOptions | undefined;
  /**
   * ES module builds (`+esm`): builds at once (default three a core), the time limit of one (default 30 s), a client's budget
   * (default 64), and the generation of the builds made (tests stand for an upgraded builder with another).
   */
  esm?: { concurrency?: number; timeoutMs?: number; budgetPerClient?: number; generation?: number } | undefined;
}

/** Where the CDN keeps the files of custom endpoints, fetched from each project's host. */
export function customFilesDir(config: Config): string {
  return path.join(config.dataDir, 'cdn-custom');
}

/** Where the CDN keeps what it generates (compressed, minified and combined files). */
export function generatedDir(config: Config): string {
  return path.join(config.dataDir, 'cdn-generated');
}

const plugin: FastifyPluginAsync<CdnServingOptions> = async (app, options) => {
  const { config } = options;
  const dir = generatedDir(config);
  await fs.mkdir(dir, { recursive: true });
  const store = await app.packages();
  const metrics = createCdnMetrics(app.metrics);
  // Minification runs in its own thread, off the serving path, with a time limit.
  const minifyPool = new MinifyPool(options.minify);
  const budgets = memoryCacheBudgets(config.limits.memoryCacheBytes);
  const artifacts = new ArtifactStore({
    dir,
    onLookup: (artifact, hit) => metrics.derived.inc({ artifact, result: hit ? 'hit' : 'miss' }),
    maxMemoryBytes: budgets.generatedFilesBytes,
  });
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
    hot: options.hot,
    maxCombineParts: config.limits.combineParts,
    wordpress: new WordPressFiles({ client: wpClient, cache: artifacts, bases: wpBases }),
    websiteUrl: config.services.www.publicUrl,
    clientKey: createClientKey(config.edgeHeaders),
  };
  app.decorate('cdnContext', ctx);
  // Builds are kept for good, on this origin's disk and in the fleet's bucket when there is one.
  const kept = pinnedStoreFor(config, app.sharedState, (error, context) => app.log.error({ err: error }, context));
  const builds = new EsmBuilds({
    store,
    kept,
    answered: new AnsweredBuilds(answeredBuildsDir(config)),
    metrics: app.metrics,
    maxMemoryBytes: budgets.esmBuildsBytes,
    ...options.esm,
  });
  app.memoryCaches.add(() => [
    { cache: 'generated_files', ...artifacts.memoryBytes() },
    { cache: 'esm_builds', ...builds.memoryBytes() },
    { cache: 'kept_builds', ...kept.memoryBytes() },
  ]);
  app.decorate('esmServing', {
    builds,
    descriptions: new BuildDescriptions(),
    cdnUrl: config.services.cdn.publicUrl,
    websiteUrl: config.services.www.publicUrl,
  });
  app.decorate('cdnMetrics', metrics);
  app.addHook('onClose', async () => {
    await minifyPool.close();
    await kept.close();
  });
};

/** Serves from the package layer's store: register it after `package-layer`. */
export const cdnServing = fp(plugin, { name: 'cdn-serving', dependencies: ['observability', 'shared-state', 'package-layer'] });
