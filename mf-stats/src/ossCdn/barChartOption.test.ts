import { barChartOption, dailyBarWidth } from './barChartOption';

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
