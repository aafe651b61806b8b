/**
 * What keeps the search index current, in the process that updates it (the leader): the registry's changes
 * feed, the hits refreshed from the statistics, and catalog records completed from their documents. An
 * encapsulated plugin: it decorates nothing, and only starts and stops its background work with the service.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/config.ts';
import { openStatsStore, type StatsStore } from '../../stats/store.ts';
import { CatalogEnricher } from '../enricher.ts';
import { ChangesFollower } from '../follower.ts';
import { HitsRefresher } from '../hitsRefresher.ts';
import { codeHostOf } from '../indexer.ts';
import { registryFetcher } from '../registry.ts';

export interface IndexUpkeepOptions {
  config: Config;
  /** Follow `config.search.changesFeedUrl`; defaults to on when that URL is configured. */
  followChanges?: boolean | undefined;
  /** Pause of the follower after the feed reports nothing new. */
  followIdleDelayMs?: number | undefined;
  /** Complete catalog records from their documents in the registry, most used first (default true). */
  enrichCatalog?: boolean | undefined;
  /** Where `jsDelivrHits` come from; opened from the configuration (and closed with the service) when not given. */
  stats?: StatsStore | undefined;
  /** Refresh `jsDelivrHits` from the statistics every this many milliseconds (default 10 minutes); false for never. */
  hitsRefreshIntervalMs?: number | false | undefined;
}

export const indexUpkeep: FastifyPluginAsync<IndexUpkeepOptions> = async (app, options) => {
  const { config } = options;
  const index = app.searchIndex;

  const feedUrl = config.search.changesFeedUrl;
  if (feedUrl && (options.followChanges ?? true)) {
    const follower = new ChangesFollower(index, {
      feedUrl,
      fetchDocument: registryFetcher(config.upstream.npmRegistry, config.upstream.timeoutMs, false, config.upstream.npm),
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
      fetchLatest: registryFetcher(config.upstream.npmRegistry, config.upstream.timeoutMs, true, config.upstream.npm),
      codeHost: codeHostOf(config),
      log: (level, message) => app.log[level](message),
    });
    app.addHook('onReady', async () => enricher.start({ log: app.log, metrics: app.metrics }));
    app.addHook('preClose', async () => enricher.stop());
  }
};
