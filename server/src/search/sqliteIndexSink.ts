/**
 * The search index sink of one machine: packages fetched by the CDN or the data API are (re)indexed in the
 * SQLite index with their full record. Nothing happens on the request's path but a map insertion: the
 * packages noted are indexed together after a short pause (so that a burst of fetches makes one write, and
 * a version being extracted for the same request is usually on disk by then, giving its files), in one
 * transaction that waits only briefly for another process's lock and is retried later when it could not
 * get it. Failures are logged; they never reach a request.
 */
import { LRUCache } from 'lru-cache';
import type { Config } from '../config/config.ts';
import type { FetchedNpmDocument } from '../packages/index.ts';
import { DocumentError } from './document.ts';
import type { SearchIndex } from './index.ts';
import type { SearchIndexSink, SearchSinkSource, SinkLog } from '../packages/searchSink.ts';
import { acquireSearchIndex, codeHostOf, indexDocument, releaseSearchIndex, searchIndexFile } from './indexer.ts';
import { registryFetcher, registryVersionFetcher, type FetchDocument, type FetchVersion } from './registry.ts';
import { isSqliteBusy, SERVING_THREAD_LOCK_WAIT_MS } from '../sqlite/lockWaits.ts';

export interface SqliteIndexSinkOptions {
  /** Fetches the latest version's manifest from the registry, for a package whose latest version is not extracted here. */
  fetchVersion?: FetchVersion;
  /** Fetches the full registry document when the manifest alone cannot be had. */
  fetchDocument: FetchDocument;
  codeHost: string;
  log?: SinkLog;
  /** Pause between the first package noted and indexing the batch (default 1 s). */
  debounceMs?: number;
  /** Index at once when this many packages wait (default 200). */
  maxBatch?: number;
  /** Registry requests at once while building a batch (default 4). */
  concurrency?: number;
  /** How long a write waits for another process's lock before giving up for now (default: SERVING_THREAD_LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** When a write gave up, the next attempt after this long (default 2 s). */
  retryMs?: number;
  /** At shutdown, how long registry requests still running are waited for (default 2 s). */
  closeGraceMs?: number;
}

/** What one package is indexed from: its document (or latest manifest) and, when extracted here, its files. */
interface PendingRecord {
  name: string;
  version: string;
  doc: unknown;
  files: string[] | undefined;
}

/** How many `name@version` indexed with their files this process remembers, so it does not read them again. */
const REMEMBERED_WITH_FILES = 50_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class SqliteIndexSink implements SearchIndexSink {
  private readonly noted = new Map<string, FetchedNpmDocument>();
  /** Records built but not written yet because another process held the lock. */
  private unwritten = new Map<string, PendingRecord>();
  private readonly withFiles = new LRUCache<string, true>({ max: REMEMBERED_WITH_FILES });
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly abort = new AbortController();
  /** Packages written to the index so far (for the service's logs and tests). */
  indexed = 0;

  constructor(
    private readonly index: SearchIndex,
    private readonly options: SqliteIndexSinkOptions,
  ) {}

  /** Records waiting for a retry because another process held the index's lock. */
  get retriesPending(): number {
    return this.unwritten.size;
  }

  packageFetched(fetched: FetchedNpmDocument): void {
    if (this.closed) return;
    // The newest document of a package replaces an older one still waiting.
    this.noted.set(fetched.name, fetched);
    this.schedule(this.noted.size >= (this.options.maxBatch ?? 200) ? 0 : (this.options.debounceMs ?? 1000));
  }

  async flush(): Promise<void> {
    this.cancelTimer();
    while (this.noted.size > 0 || this.unwritten.size > 0) {
      await this.enqueue(true);
      if (this.closed) break;
    }
    await this.chain;
  }

  async close(): Promise<void> {
    if (this.closed) return this.chain;
    // What is noted is still indexed, but a slow registry does not hold up the shutdown: its requests are abandoned.
    const grace = setTimeout(() => this.abort.abort(), this.options.closeGraceMs ?? 2000);
    try {
      await this.flush();
    } finally {
      clearTimeout(grace);
    }
    this.closed = true;
    this.abort.abort();
    this.cancelTimer();
    await this.chain;
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.enqueue(false);
    }, delayMs);
    // A pending batch never keeps a process alive that is otherwise done.
    this.timer.unref();
  }

  /** Batches run one after another, never two at once. */
  private enqueue(waitForLock: boolean): Promise<void> {
    this.chain = this.chain
      .then(() => this.runBatch(waitForLock))
      .catch((error: unknown) => this.options.log?.('warn', 'Indexing fetched packages failed', error));
    return this.chain;
  }

  private async runBatch(waitForLock: boolean): Promise<void> {
    const batch = [...this.noted.values()];
    this.noted.clear();
    const records = this.unwritten;
    this.unwritten = new Map();
    const built = await mapLimit(batch, this.options.concurrency ?? 4, async (fetched) => {
      try {
        return await this.pendingRecordOf(fetched);
      } catch (error) {
        if (!this.abort.signal.aborted) this.options.log?.('warn', `Could not index ${fetched.name}`, error);
        return null;
      }
    });
    for (const record of built) if (record) records.set(record.name, record);
    if (records.size === 0 || !this.index.db.open) return;
    try {
      this.write([...records.values()], waitForLock);
    } catch (error) {
      if (!isSqliteBusy(error) || this.closed || waitForLock) throw error;
      // Another process is writing (a bootstrap, a large batch): keep the records and try again shortly.
      for (const [name, record] of records) if (!this.unwritten.has(name)) this.unwritten.set(name, record);
      this.schedule(this.options.retryMs ?? 2000);
    }
  }

  /** What to index for a fetched document, or null when the index already has this version as it is. */
  private async pendingRecordOf(fetched: FetchedNpmDocument): Promise<PendingRecord | null> {
    const { name, document } = fetched;
    const version = document.distTags['latest'] ?? document.order[0];
    if (!version) return null;
    const deprecated = document.versions[version]?.deprecated;
    const extracted = await fetched.extracted(version);
    const known = this.index.sourceOf(name) === 'document' ? this.index.get(name) : undefined;
    const unchanged =
      known !== undefined &&
      known.version === version &&
      known.deprecated === (deprecated?.trim() || false) &&
      (!extracted || this.withFiles.has(`${name}@${version}`));
    if (unchanged) return null;
    const files = extracted?.files.map((file) => file.path);
    // Deprecation is the registry's word, as in the document just fetched: a package.json never carries it.
    const withDeprecation = (manifest: Record<string, unknown>): Record<string, unknown> => {
      const { deprecated: _before, ...rest } = manifest;
      return { ...rest, name, version, ...(deprecated ? { deprecated } : {}) };
    };
    if (extracted?.manifest) return { name, version, doc: withDeprecation(extracted.manifest), files };
    // The abbreviated document the CDN resolves with lacks description, keywords and people: ask the registry.
    const manifest = await this.options.fetchVersion?.(name, version, this.abort.signal).catch(() => null);
    if (isObject(manifest)) return { name, version, doc: withDeprecation(manifest), files };
    const doc = await this.options.fetchDocument(name, this.abort.signal);
    return doc === null ? null : { name, version, doc, files };
  }

  private write(records: readonly PendingRecord[], waitForLock: boolean): void {
    let written = 0;
    // The CDN's event loop must not stall behind another process's long write: wait briefly, retry later.
    // At shutdown (`waitForLock`) the connection's whole busy timeout is waited.
    const lockWaitMs = waitForLock ? undefined : (this.options.lockWaitMs ?? SERVING_THREAD_LOCK_WAIT_MS);
    this.index.transaction(
      () => {
        for (const record of records) {
          try {
            indexDocument(this.index, record.doc, { files: record.files }, this.options.codeHost);
            written++;
          } catch (error) {
            if (!(error instanceof DocumentError)) throw error;
            this.options.log?.('warn', `Not indexed: ${record.name}: ${error.message}`);
          }
        }
      },
      { lockWaitMs },
    );
    this.indexed += written;
    for (const record of records) {
      if (!record.files) continue;
      this.withFiles.set(`${record.name}@${record.version}`, true);
    }
  }
}

async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const shared = new Map<string, { sink: SqliteIndexSink; users: number }>();

/**
 * The process's sink for this data directory: the CDN and the data API of one process share it, so their
 * fetches of one package make one write. Null (and logged) when the index cannot be opened: the services
 * then serve without indexing. Call `releaseIndexSink` with the same config when done.
 */
export function acquireIndexSink(config: Config, log?: SinkLog): SqliteIndexSink | null {
  const file = searchIndexFile(config);
  let entry = shared.get(file);
  if (!entry) {
    let index: SearchIndex;
    try {
      index = acquireSearchIndex(config);
    } catch (error) {
      log?.('warn', 'The search index cannot be opened: fetched packages are not indexed', error);
      return null;
    }
    entry = {
      sink: new SqliteIndexSink(index, {
        fetchVersion: registryVersionFetcher(config.upstream.npmRegistry, config.upstream.timeoutMs, config.upstream.npm),
        fetchDocument: registryFetcher(config.upstream.npmRegistry, config.upstream.timeoutMs, false, config.upstream.npm),
        codeHost: codeHostOf(config),
        log,
      }),
      users: 0,
    };
    shared.set(file, entry);
  }
  entry.users++;
  return entry.sink;
}

/** The last user's release writes what is still waiting and closes the sink. */
export async function releaseIndexSink(config: Config): Promise<void> {
  const file = searchIndexFile(config);
  const entry = shared.get(file);
  if (!entry) return;
  entry.users--;
  if (entry.users > 0) return;
  shared.delete(file);
  await entry.sink.close();
  releaseSearchIndex(config);
}

/** The SQLite index as the search sink of the services of this machine (wired in by services.ts). */
export const sqliteSearchSinks: SearchSinkSource = { acquire: acquireIndexSink, release: releaseIndexSink };
