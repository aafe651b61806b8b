/** The echarts option of a custom endpoint's bar chart. */
import type { EChartsCoreOption } from 'echarts/core';
import { barChartOption as sharedBarChartOption } from '@skylift/shared/charts';
import { formatMetric } from '../common/figures';
import type { Metric } from '../common/MetricSwitch';
import type { ChartPoint } from './groupDates';

/** Bar thickness of daily bars: 4 px over a month, 2 over a quarter, 1 over a year. */
export function dailyBarWidth(period: string): number {
  if (period === 'year' || /^\d{4}$/.test(period)) return 1;
  if (period === 'quarter' || /^\d{4}-Q[1-4]$/.test(period)) return 2;
  return 4;
}

/**
 * `barWidth` fixes the thickness of every bar; without it bars fill their slot up to 24 px. Requests and bytes
 * are whole numbers, so the value axis steps by at least 1: small counts get no half steps, whose rounded
 * labels would repeat (3, 3, 2, 2, 1, 1, 0).
 */
export function barChartOption(points: readonly ChartPoint[], metric: Metric, barWidth?: number): EChartsCoreOption {
  const option = sharedBarChartOption(points, (value) => formatMetric(metric, value), barWidth);
  return { ...option, yAxis: { ...(option['yAxis'] as object), minInterval: 1 } };
}
