import { barOption, linesOption } from './chartOptions';

test('the Statistics tab’s charts step their value axis by whole numbers: small counts get no repeated labels', () => {
  for (const metric of ['hits', 'bandwidth'] as const) {
    expect(barOption([{ key: '2026-11-01', value: 3 }], metric, 4)['yAxis']).toMatchObject({ type: 'value', minInterval: 1 });
    expect(linesOption(['2026-11-01'], [{ name: '1.0.0', values: [3] }], metric)['yAxis']).toMatchObject({ type: 'value', minInterval: 1 });
  }
});
