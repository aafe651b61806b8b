/**
 * The side chart's settings: bars 4 px thick for a month, 2 for a quarter, 1 for a year;
 * 9 ticks on the y axis; 20 px of axis padding at 768 px and wider, 8 below; drawn 100 ms after the data
 * arrives; redrawn 200 ms after the window stops resizing.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { formatShort } from '@skylift/shared';
import { palette } from '@skylift/shared/styles';

export type SidePeriod = 'month' | 'quarter' | 'year';
export const BAR_WIDTH: Record<SidePeriod, number> = { month: 4, quarter: 2, year: 1 };
export const DRAW_DELAY_MS = 100;
export const RESIZE_DEBOUNCE_MS = 200;
export const WIDE_MIN_PX = 768;
export const Y_TICKS = 9;

export function chartOption(dates: Record<string, number>, period: SidePeriod, wide: boolean): EChartsCoreOption {
  const days = Object.keys(dates).sort();
  const padding = wide ? 20 : 8;
  return {
    animation: false,
    grid: { left: padding, right: padding, top: 8, bottom: 20, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days, axisLabel: { show: false }, axisTick: { show: false } },
    yAxis: { type: 'value', splitNumber: Y_TICKS - 1, axisLabel: { formatter: (value: number) => formatShort(value) } },
    series: [{ type: 'bar', name: 'Requests', data: days.map((day) => dates[day] ?? 0), barWidth: BAR_WIDTH[period], itemStyle: { color: palette.gsapGreen } }],
  };
}
