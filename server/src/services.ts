/**
 * Every service the launcher can start, each built by a function that takes the configuration and returns
 * a Fastify application that is not yet listening (tests call the same builders and use inject()).
 *
 * A builder is told whether its process is its service's leader (launcher/processRole.ts): of several
 * processes of a service, only the leader does the work that must happen once (statistics ingest, search
 * index updates, resuming purge jobs); the others only answer requests.
 */
import type { FastifyInstance } from 'fastify';
import type { Config, ServiceName } from './config/config.ts';

/** What a service builder is told about the process it builds for (the launcher decides it: `launcher/processRole.ts`). */
export interface ProcessRole {
  leader: boolean;
}

export type AppBuilder = (config: Config, role?: ProcessRole) => Promise<FastifyInstance>;

const LEADER: ProcessRole = { leader: true };

/** The search sink the CDN and the data API report fetched packages to: the SQLite index of this machine. */
const searchSink = async () => (await import('./search/sqliteIndexSink.ts')).sqliteSearchSinks;

/** Every service, by name; the launcher starts all of them unless told which (`--services`, `SKYLIFT_SERVICES`). */
export const SERVICE_BUILDERS: Record<ServiceName, () => Promise<AppBuilder>> = {
  www: async () => {
    const { buildWwwApp } = await import('./www/app.ts');
    return (config) => buildWwwApp(config);
  },
  cdn: async () => {
    const [{ buildCdnApp }, sink] = await Promise.all([import('./cdn/app.ts'), searchSink()]);
    return (config) => buildCdnApp(config, { searchSink: sink });
  },
  data: async () => {
    const [{ buildDataApp }, sink] = await Promise.all([import('./data/app.ts'), searchSink()]);
    // Only the leader folds the request log into the statistics; the others read what it wrote.
    return (config, role = LEADER) => buildDataApp(config, { searchSink: sink, ...(role.leader ? {} : { ingestIntervalMs: false }) });
  },
  search: async () => {
    const { buildSearchApp } = await import('./search/app.ts');
    // Only the leader writes the index (bootstrap, changes feed, enricher, hits); the others query it.
    return (config, role = LEADER) =>
      buildSearchApp(config, role.leader ? {} : { bootstrapCatalog: false, followChanges: false, enrichCatalog: false, hitsRefreshIntervalMs: false });
  },
  purge: async () => {
    const { buildPurgeApp } = await import('./purge/app.ts');
    return (config, role = LEADER) => buildPurgeApp(config, { resumePendingJobs: role.leader });
  },
  esmrun: async () => {
    const { buildEsmRunApp } = await import('./esmrun/app.ts');
    return (config) => buildEsmRunApp(config);
  },
};
