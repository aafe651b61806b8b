/** @jest-environment node */
// echarts draws the chart to SVG text here, as on a server: no canvas is needed to measure text.
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { barChartOption, dailyBarWidth } from './barChartOption';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

/** The value axis labels echarts draws for an option (rendered to SVG, as on a server). */
function valueAxisLabels(option: echarts.EChartsCoreOption, dates: readonly string[]): string[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!).filter((text) => !dates.includes(text));
}

test('daily bars are 4 px over a month, 2 over a quarter, 1 over a year', () => {
  expect([dailyBarWidth('month'), dailyBarWidth('2026-10')]).toEqual([4, 4]);
  expect([dailyBarWidth('quarter'), dailyBarWidth('2026-Q3')]).toEqual([2, 2]);
  expect([dailyBarWidth('year'), dailyBarWidth('2025')]).toEqual([1, 1]);
});

test('the option draws one bar per point, with the thickness asked for', () => {
  const option = barChartOption([{ key: '2026-11-01', value: 3 }], 'hits', 2) as {
    series: Array<{ data: number[]; barWidth?: number }>;
    xAxis: { data: string[] };
  };
  expect(option.xAxis.data).toEqual(['2026-11-01']);
  expect(option.series[0]).toMatchObject({ data: [3], barWidth: 2 });
});

test('bars of small counts label the value axis with whole numbers, each once (no 3, 3, 2, 2, 1, 1, 0)', () => {
  const points = [3, 1, 0, 2, 1, 3, 2].map((value, day) => ({ key: `2026-11-0${day + 1}`, value }));
  const option = barChartOption(points, 'hits');
  expect(option['yAxis']).toMatchObject({ minInterval: 1 });
  expect(
    valueAxisLabels(
      option,
      points.map((point) => point.key),
    ),
  ).toEqual(['0', '1', '2', '3']);
});

test('a few bytes are whole bytes on the axis too', () => {
  const points = [2, 0, 1].map((value, day) => ({ key: `2026-11-0${day + 1}`, value }));
  const labels = valueAxisLabels(
    barChartOption(points, 'bandwidth'),
    points.map((point) => point.key),
  );
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels).toEqual(['0 B', '1 B', '2 B']);
});
