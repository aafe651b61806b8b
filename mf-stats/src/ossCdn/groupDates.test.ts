import { groupDates, groupingsFor } from './groupDates';

const DATES = { '2026-03-01': 1, '2026-03-02': 2, '2026-03-08': 4, '2026-03-09': 8, '2026-04-01': 16 };

test('days, weeks starting on Monday, and months', () => {
  expect(groupDates(DATES, 'day')).toHaveLength(5);
  expect(groupDates(DATES, 'week')).toEqual([
    { key: '2026-02-23', value: 1 },
    { key: '2026-03-02', value: 6 },
    { key: '2026-03-09', value: 8 },
    { key: '2026-03-30', value: 16 },
  ]);
  expect(groupDates(DATES, 'month')).toEqual([
    { key: '2026-03', value: 15 },
    { key: '2026-04', value: 16 },
  ]);
});

test('month grouping is offered only for a year', () => {
  expect(groupingsFor('quarter')).toEqual(['day', 'week']);
  expect(groupingsFor('2026-03')).toEqual(['day', 'week']);
  expect(groupingsFor('year')).toEqual(['day', 'week', 'month']);
  expect(groupingsFor('2025')).toEqual(['day', 'week', 'month']);
});
