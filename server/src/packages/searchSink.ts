/**
 * Where the services that fetch packages (the CDN, the data API) send what they fetched, so that the search
 * index follows every package served. They know only this interface; the launcher hands them an
 * implementation (services.ts): on one machine the SQLite index's (`server/src/search/sqliteIndexSink.ts`),
 * and a deployment past one machine would push the same records to its hosted search service instead.
 */
import type { Config } from '../config/config.ts';
import type { FetchedNpmDocument } from './index.ts';

export interface SearchIndexSink {
  /** Notes a package document just fetched from the registry. Returns at once: indexing happens later, in batches. */
  packageFetched(fetched: FetchedNpmDocument): void;
  /** Indexes everything noted so far and resolves when it is written (shutdown, tests). */
  flush(): Promise<void>;
  /** Flushes, then stops. */
  close(): Promise<void>;
}

export type SinkLog = (level: 'info' | 'warn', message: string, error?: unknown) => void;

/** How a service gets the sink of its deployment when it starts, and gives it back when it closes. */
export interface SearchSinkSource {
  /** The sink, or null (and logged) when there is none to be had: the service then serves without indexing. */
  acquire(config: Config, log?: SinkLog): SearchIndexSink | null;
  release(config: Config): Promise<void>;
}
