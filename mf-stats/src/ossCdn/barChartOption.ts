/** The echarts option of a custom endpoint's bar chart. */
import type { EChartsCoreOption } from 'echarts/core';
import { formatMetric } from '../common/figures';
import type { Metric } from '../common/MetricSwitch';
import type { ChartPoint } from './groupDates';

export function barChartOption(points: readonly ChartPoint[], metric: Metric): EChartsCoreOption {
  const format = (value: number) => formatMetric(metric, value);
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
    xAxis: { type: 'category', data: points.map((point) => point.key), axisTick: { show: false } },
    yAxis: { type: 'value', splitNumber: 8, axisLabel: { formatter: format } },
    series: [{ type: 'bar', data: points.map((point) => point.value), itemStyle: { color: '#3b82f6', borderRadius: [3, 3, 0, 0] }, barMaxWidth: 24 }],
  };
}
