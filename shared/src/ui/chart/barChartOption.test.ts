import { barChartOption } from './barChartOption';

type BarSeries = { data: number[]; barWidth?: number; barMaxWidth?: number; itemStyle: { borderRadius: number | number[] } };

test('bars fill their slot up to 24 px with rounded tops, or take the thickness asked for with square corners', () => {
  const points = [
    { key: '2026-11-01', value: 3 },
    { key: '2026-11-02', value: 5 },
  ];
  const free = barChartOption(points, String) as { series: BarSeries[]; xAxis: { data: string[] } };
  expect(free.xAxis.data).toEqual(['2026-11-01', '2026-11-02']);
  expect(free.series[0]).toMatchObject({ data: [3, 5], barMaxWidth: 24, itemStyle: { borderRadius: [3, 3, 0, 0] } });
  const thin = barChartOption(points, String, 2) as { series: BarSeries[] };
  expect(thin.series[0]).toMatchObject({ barWidth: 2, itemStyle: { borderRadius: 0 } });
  expect(thin.series[0]!.barMaxWidth).toBeUndefined();
});

test('values are shown by the formatter given, on the axis and in the tooltip', () => {
  const format = (value: number) => `${value} B`;
  const option = barChartOption([{ key: 'a', value: 1 }], format) as {
    yAxis: { axisLabel: { formatter: (value: number) => string } };
    tooltip: { valueFormatter: (value: unknown) => string };
  };
  expect(option.yAxis.axisLabel.formatter(7)).toBe('7 B');
  expect(option.tooltip.valueFormatter('9')).toBe('9 B');
});
