/** The line chart of requests or bandwidth over time: one line per provider switched on, or one for all. */
import type { EChartsCoreOption } from 'echarts/core';
import type { ProviderSeries } from '@skylift/shared';
import { palette } from '@skylift/shared/styles';
import { formatMetric } from '../common/figures';
import type { Metric } from '../common/MetricSwitch';
import type { ProviderInfo } from './providers';

export const ALL_PROVIDERS_COLOUR = palette.blue600;

export interface ChartLine {
  name: string;
  color: string;
  values: number[];
}

export function providerLines(
  series: readonly ProviderSeries[],
  providers: readonly ProviderInfo[],
  on: (code: string) => boolean,
  breakdown: boolean,
): { dates: string[]; lines: ChartLine[] } {
  const dates = [...new Set(series.flatMap((provider) => Object.keys(provider.dates)))].sort();
  const valuesOf = (provider: ProviderSeries) => dates.map((day) => provider.dates[day]?.total ?? 0);
  const shown = providers.filter((provider) => on(provider.code));
  if (!breakdown) {
    const combined = dates.map((day) => series.reduce((sum, provider) => sum + (provider.dates[day]?.total ?? 0), 0));
    return { dates, lines: [{ name: 'All providers', color: ALL_PROVIDERS_COLOUR, values: combined }] };
  }
  const lines = shown.map((provider) => {
    const found = series.find((entry) => entry.code === provider.code);
    return { name: provider.name, color: provider.color, values: found ? valuesOf(found) : dates.map(() => 0) };
  });
  return { dates, lines };
}

export function lineChartOption(dates: readonly string[], lines: readonly ChartLine[], metric: Metric): EChartsCoreOption {
  const format = (value: number) => formatMetric(metric, value);
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
    xAxis: { type: 'category', data: [...dates], boundaryGap: false },
    // Requests and bytes are whole numbers: no half steps, whose rounded labels would repeat.
    yAxis: { type: 'value', splitNumber: 8, minInterval: 1, axisLabel: { formatter: format } },
    series: lines.map((line) => ({
      type: 'line',
      name: line.name,
      data: line.values,
      showSymbol: false,
      smooth: true,
      itemStyle: { color: line.color },
      lineStyle: { color: line.color },
    })),
  };
}
