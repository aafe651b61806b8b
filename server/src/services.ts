/**
 * Every service the launcher can start, each built by a function that takes the configuration and returns
 * a Fastify application that is not yet listening (tests call the same builders and use inject()).
 */
import type { FastifyInstance } from 'fastify';
import type { Config, ServiceName } from './config/config.ts';

export type AppBuilder = (config: Config) => Promise<FastifyInstance>;

/** The search sink the CDN and the data API report fetched packages to: the SQLite index of this machine. */
const searchSink = async () => (await import('./search/sqliteIndexSink.ts')).sqliteSearchSinks;

/** Services not listed here are not built yet; the launcher starts every listed one by default. */
export const SERVICE_BUILDERS: Partial<Record<ServiceName, () => Promise<AppBuilder>>> = {
  www: async () => (await import('./www/app.ts')).buildWwwApp,
  cdn: async () => {
    const [{ buildCdnApp }, sink] = await Promise.all([import('./cdn/app.ts'), searchSink()]);
    return (config) => buildCdnApp(config, { searchSink: sink });
  },
  data: async () => {
    const [{ buildDataApp }, sink] = await Promise.all([import('./data/app.ts'), searchSink()]);
    return (config) => buildDataApp(config, { searchSink: sink });
  },
  search: async () => (await import('./search/app.ts')).buildSearchApp,
  purge: async () => (await import('./purge/app.ts')).buildPurgeApp,
  esmrun: async () => (await import('./cdn/esmrun/app.ts')).buildEsmRunApp,
};
