/**
 * Keeps the index current by following a registry's CouchDB `_changes` feed: for every changed package it
 * fetches the document from the registry and reindexes it, or removes it when deleted. The sequence of
 * each applied change is saved in the index in the same transaction as the change itself, so a restart
 * resumes exactly where it stopped, neither skipping nor repeating work. It runs as a background job
 * (`../background/backgroundJob.ts`): a failed request or a write that found the index locked by another
 * process is logged and tried again after a backoff, from the saved sequence.
 */
import { DocumentError } from './document.ts';
import type { SearchIndex } from './index.ts';
import { indexDocument } from './indexer.ts';
import type { FetchDocument } from './registry.ts';
import { startBackgroundJob, type BackgroundJob, type JobHost } from '../background/backgroundJob.ts';
import { SERVING_THREAD_LOCK_WAIT_MS } from '../sqlite/lockWaits.ts';

const SEQUENCE_KEY = 'changes_seq';

export interface FollowerOptions {
  feedUrl: string;
  fetchDocument: FetchDocument;
  codeHost: string;
  /** Changes asked for per request. */
  batchSize?: number;
  /** Wait after the feed reports nothing new. */
  idleDelayMs?: number;
  /** The longest wait after failures in a row before trying again (the first is half a second, doubling). */
  retryDelayMs?: number;
  timeoutMs?: number;
  /** How long a write waits for another process's lock before it fails and the batch is retried (default: SERVING_THREAD_LOCK_WAIT_MS). */
  lockWaitMs?: number;
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

export class ChangesFollower {
  private job: BackgroundJob | undefined;
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
    const write = { lockWaitMs: this.options.lockWaitMs ?? SERVING_THREAD_LOCK_WAIT_MS };
    for (const change of changes) {
      if (this.abort.signal.aborted) break;
      const seq = seqText(change.seq);
      if (change.id.startsWith('_design/')) {
        this.index.transaction(() => this.index.setMeta(SEQUENCE_KEY, seq), write);
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
      }, write);
      report.lastSeq = seq;
    }
    // A feed may filter changes out yet move on: take its last sequence when the batch held nothing to apply.
    if (changes.length === 0 && lastSeq !== undefined && lastSeq !== null && seqText(lastSeq) !== this.since) {
      this.index.transaction(() => this.index.setMeta(SEQUENCE_KEY, seqText(lastSeq)), write);
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

  /** Follows the feed in the background until stopped; failures are logged and counted by `host`. */
  start(host: JobHost): void {
    this.job ??= startBackgroundJob(host, {
      name: 'search-changes-follower',
      intervalMs: this.options.idleDelayMs ?? 30_000,
      // A dropped connection is usually gone a moment later; a registry that stays down is asked less and less often.
      backoffMs: 500,
      maxBackoffMs: this.options.retryDelayMs ?? 60_000,
      // Straight on to the next batch while the feed has changes; the interval once it has none.
      step: async () => ((await this.syncBatch()) > 0 ? 0 : undefined),
    });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.job?.stop();
    this.job = undefined;
    this.abort = new AbortController();
  }
}
