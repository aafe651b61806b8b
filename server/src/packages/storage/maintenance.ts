/**
 * The file cache's upkeep: uses reach the files' times every TOUCH_INTERVAL_MS; where this store keeps the
 * budget (the CDN's), a sweep follows every SWEEP_INTERVAL_MS, and sooner when a fortieth of the budget was
 * written into the cache since the last (versions extracted and generated files stored, by this process).
 * It runs as a background job (`../../background/backgroundJob.ts`): a sweep that fails (a disk error) is
 * logged and counted by `host` and tried again after a backoff.
 */
import { startBackgroundJob, type BackgroundJob, type JobHost } from '../../background/backgroundJob.ts';
import { SWEEP_INTERVAL_MS, TOUCH_INTERVAL_MS, processUses, sweep, type SweepReport } from './diskBudget.ts';

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
  private lastSweep = Date.now();
  private readonly job: BackgroundJob;
  private readonly stopListening: () => void;

  constructor(private readonly options: MaintenanceOptions) {
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
    this.arrived += bytes;
    if (this.sweepDue()) this.job.wake();
  }

  private sweepDue(): boolean {
    return this.options.budget !== undefined && (this.arrived > this.options.budgetBytes / 40 || Date.now() - this.lastSweep >= SWEEP_INTERVAL_MS);
  }

  private async run(): Promise<undefined> {
    const { budget, root, budgetBytes } = this.options;
    await processUses.flush();
    if (!budget || !this.sweepDue()) return undefined;
    this.arrived = 0;
    this.lastSweep = Date.now();
    const report = await sweep({ root, generatedDirs: budget.generatedDirs, budgetBytes });
    if (report.evictedVersions + report.evictedGenerated + report.removedOrphans > 0) budget.onSweep?.(report);
    return undefined;
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.job.stop();
    await processUses.flush();
  }
}
