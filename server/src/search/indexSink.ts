/**
 * Where the services that fetch packages (the CDN, the data API) send what they fetched, so that the search
 * index follows every package served. One machine writes to the SQLite index (`SqliteIndexSink`); a
 * deployment past one machine would push the same records to its hosted search service behind this interface.
 */
import type { FetchedNpmDocument } from '../packages/index.ts';

export interface SearchIndexSink {
  /** Notes a package document just fetched from the registry. Returns at once: indexing happens later, in batches. */
  packageFetched(fetched: FetchedNpmDocument): void;
  /** Indexes everything noted so far and resolves when it is written (shutdown, tests). */
  flush(): Promise<void>;
  /** Flushes, then stops. */
  close(): Promise<void>;
}
