/**
 * The file cache's upkeep: uses reach the files' times once a minute; where this store keeps the budget
 * (the CDN's), a sweep follows, and one comes sooner when a twentieth of the budget arrived since the last.
 */
import { TOUCH_INTERVAL_MS, processUses, sweep, type SweepReport } from './diskBudget.ts';

export interface MaintenanceOptions {
  root: string;
  budgetBytes: number;
  /** Absent when another service keeps the budget: then only the uses are written. */
  budget?: { generatedDirs: readonly string[]; onSweep?: (report: SweepReport) => void; onError?: (error: unknown) => void };
}

export class Maintenance {
  private arrived = 0;
  private sweeping: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: MaintenanceOptions) {
    this.timer = setInterval(() => void this.run(), TOUCH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Told of the bytes of each version extracted. */
  extracted(bytes: number): void {
    this.arrived += bytes;
    if (this.options.budget && this.arrived > this.options.budgetBytes / 20) void this.run();
  }

  private run(): Promise<void> {
    const { budget, root, budgetBytes } = this.options;
    return (this.sweeping ??= (async () => {
      await processUses.flush();
      if (!budget) return;
      this.arrived = 0;
      const report = await sweep({ root, generatedDirs: budget.generatedDirs, budgetBytes });
      if (report.evictedVersions + report.evictedGenerated + report.removedOrphans > 0) budget.onSweep?.(report);
    })()
      .catch((error: unknown) => budget?.onError?.(error))
      .finally(() => (this.sweeping = null)));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
    await processUses.flush();
  }
}
