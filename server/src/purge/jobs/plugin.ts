/**
 * Purge jobs as a plugin of the purge service: the job store (in the shared state's database, or the
 * caller's), the worker that runs each job against the fronting CDNs and our own caches, the figures of
 * their outcomes, and, in the leader, the jobs a stop left pending run again at start-up. Decorates the
 * instance with `purgeJobs`; closes what it opened. A fastify-plugin, so that the routes, its siblings,
 * see the decoration.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import type { JobClock } from '../../background/pause.ts';
import type { Config } from '../../config/config.ts';
import type { PackageRef } from '../../packages/types.ts';
import { publishPurge } from '../../purgefanout/fanout.ts';
import { configuredProviders, type PurgeProvider } from '../providers/index.ts';
import { openJobStore } from './jobStore.ts';
import type { JobStore } from './purgeJob.ts';
import { PurgeWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    purgeJobs: { store: JobStore; worker: PurgeWorker };
  }
}

export interface PurgeJobsOptions {
  config: Config;
  /** The caller's job store: used as it is and not closed here. */
  store?: JobStore | undefined;
  /** The fronting CDNs to purge; those the configuration names when absent. */
  providers?: PurgeProvider[] | undefined;
  /** How our own caches forget the purged packages; the purge fan-out when absent. */
  dropOwnCaches?: ((refs: readonly PackageRef[]) => Promise<number>) | undefined;
  /** Run the jobs a stop left pending again at start-up: only one process of the service does (the leader). */
  resumePendingJobs: boolean;
  /** How a failed job waits to be run again; Node's timers when absent. */
  clock?: JobClock | undefined;
}

const plugin: FastifyPluginAsync<PurgeJobsOptions> = async (app, options) => {
  const { config } = options;
  const store = options.store ?? (await openJobStore(config, app.sharedState));
  const paths = new Counter({
    name: 'purge_paths_total',
    help: 'Purged paths by outcome: purged (every provider confirmed), partial (some failed) or throttled.',
    labelNames: ['outcome'] as const,
    registers: [app.metrics],
  });
  const providerAnswers = new Counter({
    name: 'purge_provider_answers_total',
    help: 'Answers of the fronting CDNs per purged path, by provider and result.',
    labelNames: ['provider', 'result'] as const,
    registers: [app.metrics],
  });
  const worker = new PurgeWorker({
    store,
    providers: options.providers ?? configuredProviders(config),
    cdnUrl: config.services.cdn.publicUrl,
    dropOwnCaches: options.dropOwnCaches ?? publishPurge,
    host: { log: app.log, metrics: app.metrics, ...(options.clock && { clock: options.clock }) },
    onPathResult: (result) => {
      const answers = Object.entries(result.providers);
      paths.inc({ outcome: result.throttled ? 'throttled' : answers.every(([, ok]) => ok) ? 'purged' : 'partial' });
      for (const [provider, ok] of answers) providerAnswers.inc({ provider, result: ok ? 'ok' : 'failed' });
    },
  });
  app.decorate('purgeJobs', { store, worker });

  if (options.resumePendingJobs) {
    app.addHook('onReady', async () => {
      const resumed = await worker.resumePending();
      if (resumed) app.log.info({ resumed }, 'resumed purge jobs left pending');
    });
  }
  app.addHook('onClose', async () => {
    await worker.close();
    if (!options.store) await store.close();
  });
};

/** Keeps its jobs in the shared state's database: register it after `shared-state`. */
export const purgeJobs = fp(plugin, { name: 'purge-jobs', dependencies: ['observability', 'shared-state'] });
