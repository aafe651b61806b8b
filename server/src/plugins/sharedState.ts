/**
 * The shared state as a plugin, for the services whose processes must agree with the fleet's (the CDN, the
 * data API, the purge service): acquired while the service is built, joined to the purge fan-out, released
 * when the service closes. A fastify-plugin, so that the instance's `sharedState` is seen by its siblings
 * (the package layer, the statistics, the routes) and not only inside this plugin.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { connectFanout } from '../purgefanout/fanout.ts';
import { acquireSharedState, type SharedState, type StateConfig } from '../fleetState/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the processes of a fleet agree on: Redis when configured, else this machine's SQLite file or memory. */
    sharedState: SharedState;
  }
}

export interface SharedStatePluginOptions {
  config: StateConfig;
}

const plugin: FastifyPluginAsync<SharedStatePluginOptions> = async (app, { config }) => {
  const shared = await acquireSharedState(config, {
    metrics: app.metrics,
    log: (error, operation) => app.log.warn({ err: error, operation }, 'shared state failed: answered by this process alone'),
  });
  const disconnectFanout = await connectFanout(shared.state);
  app.decorate('sharedState', shared.state);
  // Registered before what uses the state, so that this runs after their own closing (Fastify closes last-in first).
  app.addHook('onClose', async () => {
    await disconnectFanout();
    await shared.release();
  });
};

/** Counts its failures in the service's metrics: register it after `observability`. */
export const sharedStatePlugin = fp(plugin, { name: 'shared-state', dependencies: ['observability'] });
