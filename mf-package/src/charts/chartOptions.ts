/** echarts options for the package statistics: one bar series over dates, and one line per version. */
import type { EChartsCoreOption } from 'echarts/core';
import { formatBytes, formatNumber } from '@skylift/shared';
import { barChartOption } from '@skylift/shared/charts';
import { seriesColours } from '@skylift/shared/styles';
import type { StatsMetric } from '../model/statsRules';

/** 20 colours for the version lines (the tokens' series colours: echarts cannot read CSS custom properties). */
export const VERSION_PALETTE = [...seriesColours];

const formatterFor = (metric: StatsMetric) => (value: number) => (metric === 'bandwidth' ? formatBytes(value) : formatNumber(value));

/** Requests and bytes are whole numbers: the value axis steps by at least 1, so small counts get no repeated rounded labels. */
const WHOLE_NUMBER_STEPS = { minInterval: 1 } as const;

export function barOption(points: Array<{ key: string; value: number }>, metric: StatsMetric, barWidth?: number): EChartsCoreOption {
  const option = barChartOption(points, formatterFor(metric), barWidth);
  return { ...option, yAxis: { ...(option['yAxis'] as object), ...WHOLE_NUMBER_STEPS } };
}

export function linesOption(dates: string[], lines: Array<{ name: string; values: number[] }>, metric: StatsMetric): EChartsCoreOption {
  const format = formatterFor(metric);
  return {
    animation: false,
    color: VERSION_PALETTE,
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
    xAxis: { type: 'category', data: dates, boundaryGap: false },
    yAxis: { type: 'value', splitNumber: 8, ...WHOLE_NUMBER_STEPS, axisLabel: { formatter: format } },
    series: lines.map((line) => ({ type: 'line', name: line.name, data: line.values, showSymbol: false, smooth: true })),
  };
}
