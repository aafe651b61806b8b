/**
 * The statistics store of the data API, kept current: opened from the configuration (or the caller's),
 * warmed before the service listens, told of the days another process ingested, and, where this process
 * ingests (the leader), the request log folded into it from a thread of its own. Decorates the instance with
 * `stats`; closes what it opened. A fastify-plugin, so that readiness and the routes see the store.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { requestLogDir } from '../../requestlog/reader.ts';
import { catchUpEvery } from '../../stats/ingester.ts';
import { IngestThread } from '../../stats/ingestThread.ts';
import { openStatsStore, type StatsStore } from '../../stats/store.ts';
import { shareIngestedDays } from '../ingestNotices.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stats: StatsStore;
  }
}

export interface StatisticsOptions {
  config: Config;
  /** The caller's store: used as it is and not closed here. */
  stats?: StatsStore | undefined;
  /** Fold the request log into the statistics every this many milliseconds (the configuration's when absent); false to leave it to another process. */
  ingestIntervalMs?: number | false | undefined;
}

/** How long the service waits, before it listens, for the statistics it reads ahead. */
const PREPARE_WAIT_MS = 5_000;

const plugin: FastifyPluginAsync<StatisticsOptions> = async (app, options) => {
  const { config } = options;
  const stats = options.stats ?? (await openStatsStore(config));
  const ownsStats = !options.stats;
  app.decorate('stats', stats);
  app.addHook('onReady', async () => {
    // Its reading threads take seconds to start on a busy machine: started before the service listens.
    await stats.warmUp();
    // So are the package totals of the pages' default periods, which the first top list or package page would
    // otherwise wait for; on a large database the read goes on past PREPARE_WAIT_MS, and those requests join it.
    const prepared = stats.reads
      .prepare()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the package totals of the default periods were not read ahead'));
    await Promise.race([prepared, delay(PREPARE_WAIT_MS, undefined, { ref: false })]);
  });

  // What the ingesting process's catch-ups changed reaches the other processes' statistics caches.
  const ingestNotices = await shareIngestedDays(
    app.sharedState,
    (days) => stats.reads.noteIngested(days),
    (error) => app.log.warn({ err: error }, 'the ingested days could not be told to the other processes'),
  );

  const interval = options.ingestIntervalMs ?? config.ingestIntervalMs;
  let stopIngest: (() => Promise<void>) | undefined;
  if (interval !== false) {
    // The ingester writes to the configured database from a thread of its own (stats/ingestThread.ts).
    if (!ownsStats) throw new Error('A data app given a statistics store of its own must be built with ingestIntervalMs: false.');
    const ingester = new IngestThread({ config, logDir: requestLogDir(config.dataDir) }, (changed) => {
      const days = [...changed];
      stats.reads.noteIngested(days);
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
    await stopIngest?.();
    if (ownsStats) await stats.close();
    await ingestNotices.close();
  });
};

/** Hears other processes through the shared state: register it after `shared-state`. */
export const statistics = fp(plugin, { name: 'data-statistics', dependencies: ['observability', 'shared-state'] });
