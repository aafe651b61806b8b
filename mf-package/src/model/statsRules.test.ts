import { chartTitlePrefix, clampPage, groupSeries, groupingsFor, isEmptyStats, seriesName, validGrouping } from './statsRules';

test('day and week always; month only for a year', () => {
  expect(groupingsFor('month')).toEqual(['day', 'week']);
  expect(groupingsFor('quarter')).toEqual(['day', 'week']);
  expect(groupingsFor('year')).toEqual(['day', 'week', 'month']);
  expect(groupingsFor('2025')).toEqual(['day', 'week', 'month']);
  expect(groupingsFor('2026-Q3')).toEqual(['day', 'week']);
  expect(validGrouping('quarter', 'month')).toBe('day');
  expect(validGrouping('year', 'month')).toBe('month');
});

test('series are summed per ISO week (from Monday) and per month', () => {
  const dates = { '2026-11-01': 1, '2026-11-02': 2, '2026-11-08': 3, '2026-11-09': 4, '2026-12-01': 5 };
  expect(groupSeries(dates, 'week')).toEqual([
    { key: '2026-10-26', value: 1 },
    { key: '2026-11-02', value: 5 },
    { key: '2026-11-09', value: 4 },
    { key: '2026-11-30', value: 5 },
  ]);
  expect(groupSeries(dates, 'month')).toEqual([
    { key: '2026-11', value: 10 },
    { key: '2026-12', value: 5 },
  ]);
});

test('series names are cut at 20 characters', () => {
  expect(seriesName('1.0.0')).toBe('1.0.0');
  expect(seriesName('0123456789abcdefghijXYZ')).toBe('0123456789abcdefghij…');
});

test('no statistics when every dataset is empty', () => {
  expect(isEmptyStats(0, 0)).toBe(true);
  expect(isEmptyStats(0, 12)).toBe(false);
});

test('chart title and paging bounds', () => {
  expect(chartTitlePrefix('quarter')).toBe('Stats for past');
  expect(chartTitlePrefix('2026-10')).toBe('Stats for');
  expect(clampPage(0, 3)).toBe(1);
  expect(clampPage(7, 3)).toBe(3);
  expect(clampPage(2, 0)).toBe(1);
});
