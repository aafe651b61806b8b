/** The echarts option of a custom endpoint's bar chart. */
import type { EChartsCoreOption } from 'echarts/core';
import { formatMetric } from '../common/figures';
import type { Metric } from '../common/MetricSwitch';
import type { ChartPoint } from './groupDates';

/** Bar thickness of daily bars: 4 px over a month, 2 over a quarter, 1 over a year. */
export function dailyBarWidth(period: string): number {
  if (period === 'year' || /^\d{4}$/.test(period)) return 1;
  if (period === 'quarter' || /^\d{4}-Q[1-4]$/.test(period)) return 2;
  return 4;
}

/** `barWidth` fixes the thickness of every bar; without it bars fill their slot up to 24 px. */
export function barChartOption(points: readonly ChartPoint[], metric: Metric, barWidth?: number): EChartsCoreOption {
  const format = (value: number) => formatMetric(metric, value);
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
    xAxis: { type: 'category', data: points.map((point) => point.key), axisTick: { show: false } },
    yAxis: { type: 'value', splitNumber: 8, axisLabel: { formatter: format } },
    series: [
      {
        type: 'bar',
        data: points.map((point) => point.value),
        itemStyle: { color: '#3b82f6', borderRadius: barWidth ? 0 : [3, 3, 0, 0] },
        ...(barWidth ? { barWidth } : { barMaxWidth: 24 }),
      },
    ],
  };
}
