/**
 * Completes the records that the shipped catalog bootstrapped (name, version, description, downloads) with
 * what only a package's own document tells: owner, repository, keywords, license, module and style types.
 * It walks them most used first, a few at a time, in the background, so that a fresh install soon filters
 * the well-known packages by author and type. A registry that cannot be reached pauses it; a package the
 * registry does not have keeps its catalog record and is not asked for again. It runs as a background job
 * (`../background/backgroundJob.ts`): a write that finds the index locked by another process (the CDN's sink,
 * say) waits briefly, fails, and is tried again after a backoff, from the package it stopped at.
 */
import { DocumentError } from './document.ts';
import type { SearchIndex } from './index.ts';
import { indexDocument } from './indexer.ts';
import type { FetchDocument } from './registry.ts';
import { JOB_DONE, startBackgroundJob, type BackgroundJob, type JobHost, type StepOutcome } from '../background/backgroundJob.ts';
import { SERVING_THREAD_LOCK_WAIT_MS } from '../sqlite/lockWaits.ts';

export interface EnricherOptions {
  /** Fetches the latest version's package.json of a package, or null when the registry has none. */
  fetchLatest: FetchDocument;
  codeHost: string;
  /** Requests in flight at once: polite to the registry. */
  concurrency?: number;
  /** Pause after the registry failed this many times in a row. */
  failuresBeforePause?: number;
  pauseMs?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
  /** How long a write waits for another process's lock before it fails and the step is retried (default: SERVING_THREAD_LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** Retry delays after a failed step (see `BackgroundJobOptions`). */
  backoffMs?: number;
}

export class CatalogEnricher {
  private job: BackgroundJob | undefined;
  private readonly abort = new AbortController();
  /** Registry failures in a row, across batches. */
  private registryFailures = 0;
  enriched = 0;

  constructor(
    private readonly index: SearchIndex,
    private readonly options: EnricherOptions,
  ) {}

  /** Enriches one package; true when the registry answered (with a document or with "no such package"). */
  async enrichOne(name: string): Promise<boolean> {
    let doc: unknown;
    try {
      doc = await this.options.fetchLatest(name, this.abort.signal);
    } catch {
      return false;
    }
    if (this.abort.signal.aborted || !this.index.db.open) return true;
    // Another writer (a document fetched by the CDN, the changes feed) may have indexed it meanwhile.
    if (this.index.sourceOf(name) !== 'catalog') return true;
    const write = { lockWaitMs: this.options.lockWaitMs ?? SERVING_THREAD_LOCK_WAIT_MS };
    if (doc === null) {
      this.index.transaction(() => this.index.markUnavailable(name), write);
      return true;
    }
    try {
      indexDocument(this.index, doc, {}, this.options.codeHost, write);
      this.enriched++;
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      this.index.transaction(() => this.index.markUnavailable(name), write);
    }
    return true;
  }

  /**
   * Enriches the next few catalog-only records, most used first: `more` when others are left, `done` when
   * none is, `paused` when the registry kept failing (or answered none of them).
   */
  async enrichBatch(): Promise<'more' | 'done' | 'paused'> {
    const concurrency = this.options.concurrency ?? 2;
    const failuresBeforePause = this.options.failuresBeforePause ?? 5;
    const batch = this.index.catalogOnly(concurrency * 4);
    if (batch.length === 0) return 'done';
    let progress = false;
    for (let i = 0; i < batch.length && !this.abort.signal.aborted && this.registryFailures < failuresBeforePause; i += concurrency) {
      const answers = await Promise.all(batch.slice(i, i + concurrency).map((name) => this.enrichOne(name)));
      for (const answered of answers) {
        this.registryFailures = answered ? 0 : this.registryFailures + 1;
        progress ||= answered;
      }
    }
    if (this.registryFailures >= failuresBeforePause) {
      this.registryFailures = 0;
      this.options.log?.('warn', 'The registry cannot be reached: catalog enrichment pauses');
      return 'paused';
    }
    return progress ? 'more' : 'paused';
  }

  /** Enriches until no catalog-only record is left, or the registry keeps failing. Returns how many were done. */
  async runToEnd(): Promise<number> {
    const before = this.enriched;
    while (!this.abort.signal.aborted && (await this.enrichBatch()) === 'more') {
      /* next batch */
    }
    return this.enriched - before;
  }

  /**
   * Enriches in the background until no catalog-only record is left; a registry that keeps failing pauses
   * it for `pauseMs`. Each batch is a step: a fault (the index locked by another process) is logged and
   * counted by `host` and the batch retried after a backoff, which the next batch that succeeds starts over.
   */
  start(host: JobHost): void {
    this.job ??= startBackgroundJob(host, {
      name: 'search-catalog-enricher',
      intervalMs: this.options.pauseMs ?? 10 * 60_000,
      backoffMs: this.options.backoffMs,
      step: async (): Promise<StepOutcome> => {
        const outcome = await this.enrichBatch();
        if (outcome === 'more' && !this.abort.signal.aborted) return 0;
        if (outcome === 'done' || this.abort.signal.aborted || !this.index.db.open) {
          if (this.enriched > 0) this.options.log?.('info', `Catalog enrichment: ${this.enriched} packages completed from their documents`);
          return JOB_DONE;
        }
        return undefined;
      },
    });
  }

  /** Resolves when the background enrichment is over: nothing left to enrich, or stopped. */
  get finished(): Promise<void> {
    return this.job?.finished ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.job?.stop();
  }
}
