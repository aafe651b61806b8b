/**
 * The package layer as a plugin, registered by both services that serve from it (the CDN and the data API):
 * the store built from the configuration (or the caller's), sharing the fleet's state, reporting the
 * packages it fetches to the search index, and forgetting what a purge names. Decorates the instance with
 * `packages()`; closes what it opened when the service closes. A fastify-plugin, so that the routes, which
 * are its siblings, see the decoration.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.ts';
import type { ClosablePackageStore, PackageStoreOptions } from '../packages/index.ts';
import type { PackageRef, PackageStore } from '../packages/types.ts';
import { expireOnPurge } from '../purgefanout/fanout.ts';
import type { SearchSinkSource } from '../packages/searchSink.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's package store; a store that failed to open is tried again on the next call. */
    packages: () => Promise<PackageStore>;
  }
}

export interface PackageLayerOptions {
  config: Config;
  /** The caller's store (tests, benchmarks): served from as it is, never closed here, and not reported to search. */
  store?: PackageStore | undefined;
  /** Where the packages fetched from the registry are sent for the search index; none when absent. */
  searchSink?: SearchSinkSource | undefined;
  /**
   * 'now': opened while the service is built, a failure failing the build (the CDN serves nothing without it).
   * 'when-ready': opened before the service listens, and a failure there is only logged: the first request
   * that needs the store tries again (the data API answers its statistics meanwhile).
   */
  open: 'now' | 'when-ready';
  /** What only this service's store does: the CDN, which writes most of the file cache, keeps its disk budget. */
  diskBudget?: PackageStoreOptions['diskBudget'];
  /** Besides the store's resolutions, what a purge makes this service forget (the CDN's warm answers). */
  alsoForget?: (ref: PackageRef) => void;
}

const plugin: FastifyPluginAsync<PackageLayerOptions> = async (app, options) => {
  const { config } = options;
  // A caller's store is not ours to index: tests bring one precisely to control what it holds.
  const indexSink =
    options.store || !options.searchSink ? null : options.searchSink.acquire(config, (level, message, error) => app.log[level]({ err: error }, message));
  const storeOptions: PackageStoreOptions = {
    metrics: app.metrics,
    onError: (error, context) => app.log.warn({ err: error, context }, 'background refresh of the package layer failed'),
    jobLog: app.log,
    onNpmDocument: indexSink ? (fetched) => indexSink.packageFetched(fetched) : undefined,
    onRecovery: (report) =>
      app.log.warn(report, 'the package cache was not closed by the last process (what it wrote is checked again only after a reboot of the machine)'),
    sharedState: app.sharedState,
    ...(options.diskBudget ? { diskBudget: options.diskBudget } : {}),
  };

  // A purge makes the store forget its tag, range and branch resolutions of the purged packages. Listening
  // starts once there is a store, so that the fan-out counts only holders that had something to forget.
  let stopPurgeListener: (() => void) | undefined;
  const listenForPurges = <T extends PackageStore>(store: T): T => {
    stopPurgeListener ??= expireOnPurge({
      expire: async (ref) => {
        options.alsoForget?.(ref);
        await store.expire(ref);
      },
    });
    return store;
  };

  let opened: Promise<ClosablePackageStore> | undefined;
  /** The store once open, for what only the layer's own store offers (its memory figures). */
  let storeOpened: ClosablePackageStore | undefined;
  const given = options.store ? listenForPurges(options.store) : undefined;
  const packages = (): Promise<PackageStore> => {
    if (given) return Promise.resolve(given);
    // Loaded on first use: a service given its store never loads the package layer's modules.
    opened ??= import('../packages/index.ts')
      .then(({ createPackageStore }) => createPackageStore(config, storeOptions))
      .then(
        (store) => (storeOpened = listenForPurges(store)),
        (error: unknown) => {
          opened = undefined; // tried again on the next call
          throw error;
        },
      );
    return opened;
  };
  app.decorate('packages', packages);
  // Its caches on /metrics once it is open; a caller's store is not reported (tests bring one to control it).
  app.memoryCaches.add(() => storeOpened?.memoryCaches() ?? []);

  if (options.open === 'now') await packages();
  if (!given) {
    // Before the service listens: the store opened, so that its first requests do not pay for it (after a crash,
    // kill -9, opening it re-hashes every blob written since the crashed process started,
    // packages/storage/crashRecovery.ts: 18.7 s for 1.4 GB of blobs, which the first package request of a
    // replacement paid), and the package layer warmed, so that the first never-seen version a new process
    // serves costs what the next ones do (packages/warmUp.ts).
    app.addHook('onReady', async () => {
      const started = performance.now();
      const opening =
        options.open === 'now'
          ? Promise.resolve()
          : packages().then(
              () => app.log.debug({ ms: Math.round(performance.now() - started) }, 'package store opened'),
              (error: unknown) => app.log.warn({ err: error }, 'the package store could not be opened: retried on the first request'),
            );
      const warming = import('../packages/warmUp.ts')
        .then(({ warmUpPackageLayer }) => warmUpPackageLayer())
        .catch((error: unknown) => app.log.warn({ err: error }, 'the package layer could not be warmed up: its first request pays for it'));
      await Promise.all([opening, warming]);
    });
  }

  app.addHook('onClose', async () => {
    stopPurgeListener?.();
    if (opened) await (await opened.catch(() => undefined))?.close();
    if (indexSink) await options.searchSink!.release(config);
  });
};

/** Uses the service's metrics and shared state: register it after `observability` and `shared-state`. */
export const packageLayer = fp(plugin, { name: 'package-layer', dependencies: ['observability', 'shared-state'] });
