/**
 * The file cache's upkeep: uses reach the files' times every TOUCH_INTERVAL_MS, and this process's tally of what
 * it wrote into the cache is published (`cacheTally.ts`). Where this store keeps the budget (the CDN's), the
 * cache's estimated size is looked at on each of those ticks, and sooner when a hundredth of the budget was
 * written here since the last look; a sweep follows when the estimate is over SWEEP_START of the budget, and at
 * least every FULL_SCAN_INTERVAL_MS, for what the tallies do not see (documents refreshed, files removed by hand).
 * Each sweep is counted on `/metrics` (`sweepMetrics.ts`). It runs as a background job
 * (`../../background/backgroundJob.ts`): a sweep that fails (a disk error) is logged and counted by `host` and
 * tried again after a backoff.
 */
import { startBackgroundJob, type BackgroundJob, type JobHost } from '../../background/backgroundJob.ts';
import { estimateCacheBytes, publishTally } from './cacheTally.ts';
import { FULL_SCAN_INTERVAL_MS, TOUCH_INTERVAL_MS, processUses, sweep, type SweepReport } from './diskBudget.ts';
import { SWEEP_START } from './sweepFiles.ts';
import { createSweepMetrics, type SweepMetrics } from './sweepMetrics.ts';

export interface MaintenanceOptions {
  root: string;
  budgetBytes: number;
  /** Absent when another service keeps the budget: then only the uses and the tally are written. */
  budget?: { generatedDirs: readonly string[]; onSweep?: (report: SweepReport) => void };
  /** Where a failed upkeep is logged and counted. */
  host: JobHost;
}

export class Maintenance {
  /** Bytes this process wrote into the cache since it started, and the figure its tally file holds. */
  private written = 0;
  private published = 0;
  /** Bytes written since the estimate was last looked at. */
  private sinceLook = 0;
  private readonly job: BackgroundJob;
  private readonly stopListening: () => void;
  private readonly sweepMetrics: SweepMetrics | null;

  constructor(private readonly options: MaintenanceOptions) {
    this.sweepMetrics = options.budget && options.host.metrics ? createSweepMetrics(options.host.metrics, options.budgetBytes) : null;
    this.job = startBackgroundJob(options.host, {
      name: 'file-cache-upkeep',
      intervalMs: TOUCH_INTERVAL_MS,
      firstDelayMs: TOUCH_INTERVAL_MS,
      // A store nobody closed does not keep its process alive for its upkeep.
      keepsProcessAlive: false,
      step: () => this.run(),
    });
    this.stopListening = processUses.onWrite((bytes) => this.wrote(bytes));
  }

  private wrote(bytes: number): void {
    this.written += bytes;
    this.sinceLook += bytes;
    if (this.sinceLook > this.options.budgetBytes / 100) this.job.wake();
  }

  private async sweepDue(): Promise<boolean> {
    const estimate = await estimateCacheBytes(this.options.root);
    // Never swept (a new cache, or its record lost): measure it.
    if (!estimate) return true;
    return Date.now() - estimate.sweptAtMs >= FULL_SCAN_INTERVAL_MS || estimate.bytes > this.options.budgetBytes * SWEEP_START;
  }

  private async run(): Promise<undefined> {
    const { budget, root, budgetBytes } = this.options;
    await processUses.flush();
    this.sinceLook = 0;
    if (this.written !== this.published) {
      const written = this.written;
      await publishTally(root, written);
      this.published = written;
    }
    if (!budget || !(await this.sweepDue())) return undefined;
    const report = await sweep({ root, generatedDirs: budget.generatedDirs, budgetBytes });
    this.sweepMetrics?.(report);
    if (report.evictedVersions + report.evictedGenerated + report.removedOrphans > 0) budget.onSweep?.(report);
    return undefined;
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.job.stop();
    await processUses.flush();
  }
}
