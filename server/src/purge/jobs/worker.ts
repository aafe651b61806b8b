/**
 * Runs purge jobs: for each path that is not throttled, drops our own cached resolutions (alias paths
 * only: an exact version's files never change) and asks every configured fronting CDN to forget the
 * public URL, then records each provider's answer. Jobs left pending by a stop are run again at start-up;
 * a purge is idempotent, so running one twice does no harm. Each job runs as a background job
 * (`../../background/backgroundJob.ts`): one that fails (our caches or the job store unreachable, the store
 * locked) is logged and counted, and run again after a backoff until it is recorded as finished.
 */
import type { PackageRef } from '../../packages/types.ts';
import { JOB_DONE, startBackgroundJob, type BackgroundJob, type JobHost, type StepOutcome } from '../../background/backgroundJob.ts';
import type { PurgeProvider } from '../providers/index.ts';
import type { JobStore, PathResult, PurgeJob } from './purgeJob.ts';

export interface WorkerOptions {
  store: JobStore;
  providers: readonly PurgeProvider[];
  /** Our CDN's public URL: what the fronting CDNs cache. */
  cdnUrl: string;
  /** Drops our own resolutions of these packages; resolves with how many cache holders did. */
  dropOwnCaches: (refs: readonly PackageRef[]) => Promise<number>;
  /** Where a failed run of a job is logged and counted. */
  host: JobHost;
  /** Told of each path's outcome once a job finished: throttled, or each provider's answer. */
  onPathResult?: (result: PathResult) => void;
}

export class PurgeWorker {
  private readonly running = new Map<string, BackgroundJob>();
  private closed = false;

  constructor(private readonly options: WorkerOptions) {}

  /** Starts a job in the background (once, however often asked), retried until it finishes. */
  run(job: PurgeJob): void {
    if (this.closed || this.running.has(job.id)) return;
    const background = startBackgroundJob(this.options.host, {
      name: 'purge-job',
      context: { jobId: job.id },
      intervalMs: 0,
      step: async (): Promise<StepOutcome> => {
        await this.process(job);
        return JOB_DONE;
      },
    });
    this.running.set(job.id, background);
    void background.finished.then(() => this.running.delete(job.id));
  }

  async resumePending(): Promise<number> {
    const pending = await this.options.store.pending();
    for (const job of pending) this.run(job);
    return pending.length;
  }

  /**
   * Waits for the jobs in progress; none is started afterwards, and one waiting to be retried is left
   * pending (the next start-up runs it again).
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.values()].map((job) => job.stop()));
  }

  private async process(job: PurgeJob): Promise<void> {
    const { providers, cdnUrl, dropOwnCaches } = this.options;
    const live = job.paths.filter((p) => !p.throttled);
    const urlOf = (path: string): string => `${cdnUrl}${path}`;

    const aliasRefs = new Map<string, PackageRef>();
    for (const p of live) if (!p.immutable) for (const ref of p.refs) aliasRefs.set(`${ref.type}:${ref.name}`, ref);
    const holders = aliasRefs.size ? await dropOwnCaches([...aliasRefs.values()]) : 0;

    const urls = live.map((p) => urlOf(p.path));
    const answers = urls.length ? await Promise.all(providers.map(async (provider) => [provider.code, await provider.purge(urls)] as const)) : [];

    const result: Record<string, PathResult> = {};
    for (const p of job.paths) {
      if (p.throttled) {
        result[p.path] = { throttled: true, providers: {} };
        continue;
      }
      const byProvider: Record<string, boolean> = {};
      for (const [code, answer] of answers) byProvider[code] = answer.get(urlOf(p.path)) === true;
      result[p.path] = { throttled: false, providers: byProvider, origin: p.immutable ? 'immutable' : holders > 0 ? 'dropped' : 'none' };
    }
    await this.options.store.finish(job.id, result);
    for (const pathResult of Object.values(result)) this.options.onPathResult?.(pathResult);
  }
}
