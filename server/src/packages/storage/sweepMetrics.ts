/**
 * The file cache's sweeps on `/metrics`: how many ran, what they removed and how long the removals took, and
 * the cache's measure against its budget after each. Removal time over removed files is what a removal costs
 * on the cache's disk; when a sweep cannot make room as fast as files arrive, that is the figure to look at
 * (`sweepFiles.ts`, `Removals`).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { reuse as metric } from '../upstream/metrics.ts';
import type { SweepReport } from './diskBudget.ts';

export type SweepMetrics = (report: SweepReport) => void;

export function createSweepMetrics(registry: Registry, budgetBytes: number): SweepMetrics {
  const registers = [registry];
  const counter = (name: string, help: string): Counter => metric(registry, name, () => new Counter({ name, help, registers }));
  const gauge = (name: string, help: string): Gauge => metric(registry, name, () => new Gauge({ name, help, registers }));
  const sweeps = counter('skylift_file_cache_sweeps_total', 'Sweeps of the file cache this process ran.');
  const removed = counter('skylift_file_cache_removed_files_total', 'Files the sweeps removed: version indexes, blobs and generated files.');
  const removalSeconds = counter(
    'skylift_file_cache_removal_seconds_total',
    'Time the sweeps spent removing files; over the files removed, what one removal costs on this disk.',
  );
  const sweepSeconds = counter('skylift_file_cache_sweep_seconds_total', 'Time the sweeps took, scans and removals.');
  const bytes = gauge('skylift_file_cache_bytes', 'Bytes of the file cache as the last sweep of this process left it.');
  gauge('skylift_file_cache_budget_bytes', 'The disk budget of the file cache (SKYLIFT_CACHE_BUDGET_BYTES).').set(budgetBytes);
  return (report) => {
    if (!report.swept) return;
    sweeps.inc();
    removed.inc(report.removedFiles);
    removalSeconds.inc(report.removalMs / 1000);
    sweepSeconds.inc(report.durationMs / 1000);
    bytes.set(report.after);
  };
}
