/**
 * The file cache's sweeps on `/metrics`: how many ran, what they removed and how long the removals took, and
 * the cache's measure against its budget after each. Removal time over removed files is what a removal costs
 * on the cache's disk; when a sweep cannot make room as fast as files arrive, that is the figure to look at
 * (`sweepFiles.ts`, `Removals`).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { reuse as metric } from '../upstream/metrics.ts';
import type { SweepReport } from './diskBudget.ts';

export type SweepMetrics = (report: SweepReport, budgetBytes: number) => void;

export function createSweepMetrics(registry: Registry): SweepMetrics {
  const registers = [registry];
  const sweeps = metric(
    registry,
    'skylift_file_cache_sweeps_total',
    () => new Counter({ name: 'skylift_file_cache_sweeps_total', help: 'Sweeps of the file cache this process ran.', registers }),
  );
  const removed = metric(
    registry,
    'skylift_file_cache_removed_files_total',
    () =>
      new Counter({ name: 'skylift_file_cache_removed_files_total', help: 'Files the sweeps removed: version indexes, blobs and generated files.', registers }),
  );
  const removalSeconds = metric(
    registry,
    'skylift_file_cache_removal_seconds_total',
    () =>
      new Counter({
        name: 'skylift_file_cache_removal_seconds_total',
        help: 'Time the sweeps spent removing files; over the files removed, what one removal costs on this disk.',
        registers,
      }),
  );
  const sweepSeconds = metric(
    registry,
    'skylift_file_cache_sweep_seconds_total',
    () => new Counter({ name: 'skylift_file_cache_sweep_seconds_total', help: 'Time the sweeps took, scans and removals.', registers }),
  );
  const bytes = metric(
    registry,
    'skylift_file_cache_bytes',
    () => new Gauge({ name: 'skylift_file_cache_bytes', help: 'Bytes of the file cache as the last sweep of this process left it.', registers }),
  );
  const budget = metric(
    registry,
    'skylift_file_cache_budget_bytes',
    () => new Gauge({ name: 'skylift_file_cache_budget_bytes', help: 'The disk budget of the file cache (SKYLIFT_CACHE_BUDGET_BYTES).', registers }),
  );
  return (report, budgetBytes) => {
    if (!report.swept) return;
    sweeps.inc();
    removed.inc(report.removedFiles);
    removalSeconds.inc(report.removalMs / 1000);
    sweepSeconds.inc(report.durationMs / 1000);
    bytes.set(report.after);
    budget.set(budgetBytes);
  };
}
