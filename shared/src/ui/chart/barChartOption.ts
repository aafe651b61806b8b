/** The echarts option of a bar chart over dates, as the package page and the statistics pages draw it. */
import type { EChartsCoreOption } from 'echarts/core';
import { palette } from '@skylift/shared/styles';

// echarts draws on a canvas, which cannot read a CSS custom property: the token's value.
const BAR_COLOUR = palette.blue500;

export interface BarPoint {
  key: string;
  value: number;
}

/**
 * One bar per point, values shown by `format` on the axis and in the tooltip. `barWidth` fixes the thickness
 * of every bar (thin daily bars, square-cornered); without it bars fill their slot up to 24 px, rounded on top.
 */
export function barChartOption(points: readonly BarPoint[], format: (value: number) => string, barWidth?: number): EChartsCoreOption {
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
        itemStyle: { color: BAR_COLOUR, borderRadius: barWidth ? 0 : [3, 3, 0, 0] },
        ...(barWidth ? { barWidth } : { barMaxWidth: 24 }),
      },
    ],
  };
}
