/** How the statistics pages write their figures. */
import { formatBytes, formatNumber } from '@skylift/shared';
import type { Metric } from './MetricSwitch';

export function formatMetric(metric: Metric, value: number): string {
  return metric === 'bandwidth' ? formatBytes(value) : formatNumber(value);
}

/** Bandwidth in whole gigabytes with one decimal below 10 (the custom endpoint cards). */
export function formatGigabytes(bytes: number): string {
  const gigabytes = bytes / 1e9;
  // Nothing is nothing in any unit: "0 GB" reads as a rounded-down figure.
  if (gigabytes === 0) return '0 B';
  if (gigabytes < 0.1) return '< 0.1 GB';
  return `${formatNumber(gigabytes, gigabytes < 10 ? 1 : 0)} GB`;
}

/** The statistics pages draw a chart this long after it mounts, once the page around it has settled. */
export const CHART_DRAW_DELAY_MS = 100;
