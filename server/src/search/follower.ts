/**
 * Keeps the index current by following a registry's CouchDB `_changes` feed: for every changed package it
 * fetches the document from the registry and reindexes it, or removes it when deleted. The sequence of
 * each applied change is saved in the index in the same transaction as the change itself, so a restart
 * resumes exactly where it stopped, neither skipping nor repeating work.
 */
import { DocumentError } from './document.ts';
import type { SearchIndex } from './index.ts';
import { indexDocument } from './indexer.ts';
import type { FetchDocument } from './registry.ts';
import { pause } from '../shared/pause.ts';

const SEQUENCE_KEY = 'changes_seq';

export interface FollowerOptions {
  feedUrl: string;
  fetchDocument: FetchDocument;
  codeHost: string;
  /** Changes asked for per request. */
  batchSize?: number;
  /** Wait after the feed reports nothing new. */
  idleDelayMs?: number;
  /** Wait after a failed request before trying again. */
  retryDelayMs?: number;
  timeoutMs?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
}

interface Change {
  seq: unknown;
  id: string;
  deleted: boolean;
}

export interface SyncReport {
  updated: number;
  removed: number;
  /** Sequence saved after the last applied change. */
  lastSeq: string | undefined;
}

function readChanges(body: unknown): { changes: Change[]; lastSeq: unknown } {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { results?: unknown }).results)) {
    throw new Error('The changes feed answered without a "results" array');
  }
  const { results, last_seq: lastSeq } = body as { results: unknown[]; last_seq?: unknown };
  const changes: Change[] = [];
  for (const item of results) {
    if (typeof item !== 'object' || item === null) continue;
    const { seq, id, deleted } = item as { seq?: unknown; id?: unknown; deleted?: unknown };
    if (typeof id !== 'string' || seq === undefined) continue;
    changes.push({ seq, id, deleted: deleted === true });
  }
  return { changes, lastSeq };
}

/** Sequences are numbers in old CouchDB and opaque strings in newer ones; both are stored as given. */
const seqText = (seq: unknown): string => (typeof seq === 'string' ? seq : JSON.stringify(seq));

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export class ChangesFollower {
  private running = false;
  private loop: Promise<void> | undefined;
  private abort = new AbortController();

  constructor(
    private readonly index: SearchIndex,
    private readonly options: FollowerOptions,
  ) {}

  /** The sequence the next request starts from (undefined: from the beginning). */
  get since(): string | undefined {
    return this.index.getMeta(SEQUENCE_KEY);
  }

  private feedRequestUrl(since: string | undefined): string {
    const url = new URL(this.options.feedUrl);
    if (since !== undefined) url.searchParams.set('since', since);
    url.searchParams.set('limit', String(this.options.batchSize ?? 100));
    return url.toString();
  }

  /** Applies one batch; returns how many changes it held. */
  async syncBatch(report: SyncReport = { updated: 0, removed: 0, lastSeq: undefined }): Promise<number> {
    const response = await fetch(this.feedRequestUrl(this.since), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs ?? 30_000)]),
    });
    if (!response.ok) throw new Error(`The changes feed answered ${response.status}`);
    const { changes, lastSeq } = readChanges(await response.json());
    for (const change of changes) {
      if (this.abort.signal.aborted) break;
      const seq = seqText(change.seq);
      if (change.id.startsWith('_design/')) {
        this.index.setMeta(SEQUENCE_KEY, seq);
        continue;
      }
      const doc = change.deleted ? null : await this.options.fetchDocument(change.id, this.abort.signal);
      this.index.transaction(() => {
        if (doc === null) {
          if (this.index.remove(change.id)) report.removed++;
        } else {
          try {
            indexDocument(this.index, doc, {}, this.options.codeHost);
            report.updated++;
          } catch (error) {
            // A document with no versions left (unpublished) is gone for a searcher; anything else is a fault.
            if (!(error instanceof DocumentError)) throw error;
            if (this.index.remove(change.id)) report.removed++;
          }
        }
        this.index.setMeta(SEQUENCE_KEY, seq);
      });
      report.lastSeq = seq;
    }
    // A feed may filter changes out yet move on: take its last sequence when the batch held nothing to apply.
    if (changes.length === 0 && lastSeq !== undefined && lastSeq !== null && seqText(lastSeq) !== this.since) {
      this.index.setMeta(SEQUENCE_KEY, seqText(lastSeq));
    }
    return changes.length;
  }

  /** Applies changes until the feed has no more; for a one-off catch-up (and tests). */
  async syncToEnd(): Promise<SyncReport> {
    const report: SyncReport = { updated: 0, removed: 0, lastSeq: undefined };
    while ((await this.syncBatch(report)) > 0 && !this.abort.signal.aborted) {
      /* next batch */
    }
    report.lastSeq = this.since;
    return report;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      let failures = 0;
      while (this.running) {
        let delay = 0;
        try {
          const applied = await this.syncBatch();
          failures = 0;
          if (applied === 0) delay = this.options.idleDelayMs ?? 30_000;
        } catch (error) {
          if (!this.running) break;
          this.options.log?.('warn', `Following the changes feed failed: ${describe(error)}`);
          // A dropped connection is usually gone a moment later; a registry that stays down is asked less and less often.
          delay = Math.min(this.options.retryDelayMs ?? 60_000, 500 * 2 ** failures);
          failures++;
        }
        if (delay > 0 && this.running) await this.sleep(delay);
      }
    })();
  }

  private sleep(ms: number): Promise<void> {
    return pause(ms, this.abort.signal);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await this.loop;
    this.abort = new AbortController();
  }
}
