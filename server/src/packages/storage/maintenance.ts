/**
 * The file cache's upkeep: uses reach the files' times once a minute; where this store keeps the budget
 * (the CDN's), a sweep follows, and one comes sooner when a twentieth of the budget arrived since the last.
 * It runs as a background job (`../../background/backgroundJob.ts`): a sweep that fails (a disk error) is
 * logged and counted by `host` and tried again after a backoff.
 */
import { startBackgroundJob, type BackgroundJob, type JobHost } from '../../background/backgroundJob.ts';
import { TOUCH_INTERVAL_MS, processUses, sweep, type SweepReport } from './diskBudget.ts';

export interface MaintenanceOptions {
  root: string;
  budgetBytes: number;
  /** Absent when another service keeps the budget: then only the uses are written. */
  budget?: { generatedDirs: readonly string[]; onSweep?: (report: SweepReport) => void };
  /** Where a failed upkeep is logged and counted. */
  host: JobHost;
}

export class Maintenance {
  private arrived = 0;
  private readonly job: BackgroundJob;

  constructor(private readonly options: MaintenanceOptions) {
    this.job = startBackgroundJob(options.host, {
      name: 'file-cache-upkeep',
      intervalMs: TOUCH_INTERVAL_MS,
      firstDelayMs: TOUCH_INTERVAL_MS,
      // A store nobody closed does not keep its process alive for its upkeep.
      keepsProcessAlive: false,
      step: () => this.run(),
    });
  }

  /** Told of the bytes of each version extracted. */
  extracted(bytes: number): void {
    this.arrived += bytes;
    if (this.options.budget && this.arrived > this.options.budgetBytes / 20) this.job.wake();
  }

  private async run(): Promise<undefined> {
    const { budget, root, budgetBytes } = this.options;
    await processUses.flush();
    if (!budget) return undefined;
    this.arrived = 0;
    const report = await sweep({ root, generatedDirs: budget.generatedDirs, budgetBytes });
    if (report.evictedVersions + report.evictedGenerated + report.removedOrphans > 0) budget.onSweep?.(report);
    return undefined;
  }

  async close(): Promise<void> {
    await this.job.stop();
    await processUses.flush();
  }
}
