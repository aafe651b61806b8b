import { lineChartOption } from './providerChartOption';

test('the requests and bandwidth lines step their value axis by whole numbers (small counts get no repeated labels)', () => {
  for (const metric of ['hits', 'bandwidth'] as const) {
    const option = lineChartOption(['2026-11-01', '2026-11-02'], [{ name: 'All providers', color: '#000', values: [3, 1] }], metric);
    expect(option['yAxis']).toMatchObject({ type: 'value', minInterval: 1 });
  }
});
