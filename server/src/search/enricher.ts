/**
 * Completes the records that the shipped catalog bootstrapped (name, version, description, downloads) with
 * what only a package's own document tells: owner, repository, keywords, license, module and style types.
 * It walks them most used first, a few at a time, in the background, so that a fresh install soon filters
 * the well-known packages by author and type. A registry that cannot be reached pauses it; a package the
 * registry does not have keeps its catalog record and is not asked for again.
 */
import { DocumentError } from './document.ts';
import type { SearchIndex } from './index.ts';
import { indexDocument } from './indexer.ts';
import type { FetchDocument } from './registry.ts';
import { pause } from '../shared/pause.ts';

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
}

export class CatalogEnricher {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly abort = new AbortController();
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
    if (doc === null) {
      this.index.markUnavailable(name);
      return true;
    }
    try {
      indexDocument(this.index, doc, {}, this.options.codeHost);
      this.enriched++;
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      this.index.markUnavailable(name);
    }
    return true;
  }

  /** Enriches until no catalog-only record is left, or the registry keeps failing. Returns how many were done. */
  async runToEnd(): Promise<number> {
    const concurrency = this.options.concurrency ?? 2;
    const failuresBeforePause = this.options.failuresBeforePause ?? 5;
    let failures = 0;
    const before = this.enriched;
    while (!this.abort.signal.aborted && failures < failuresBeforePause) {
      const batch = this.index.catalogOnly(concurrency * 4);
      if (batch.length === 0) break;
      let progress = false;
      for (let i = 0; i < batch.length && !this.abort.signal.aborted && failures < failuresBeforePause; i += concurrency) {
        const answers = await Promise.all(batch.slice(i, i + concurrency).map((name) => this.enrichOne(name)));
        for (const answered of answers) {
          failures = answered ? 0 : failures + 1;
          progress ||= answered;
        }
      }
      if (!progress) break;
    }
    if (failures >= failuresBeforePause) this.options.log?.('warn', 'The registry cannot be reached: catalog enrichment pauses');
    return this.enriched - before;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await this.runToEnd();
        if (!this.running || !this.index.db.open || this.index.catalogOnly(1).length === 0) break;
        await pause(this.options.pauseMs ?? 10 * 60_000, this.abort.signal);
      }
      if (this.enriched > 0) this.options.log?.('info', `Catalog enrichment: ${this.enriched} packages completed from their documents`);
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await this.loop;
  }
}
