import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adjustPrev, daysIn, eachDay, listCalendarPeriods, parsePeriod, PeriodError, secondsUntilUtcMidnight } from './periods.ts';

const now = new Date('2026-03-15T10:00:00Z');

describe('periods', () => {
  it('floating periods end today and compare with the same number of days before', () => {
    const month = parsePeriod('month', { now });
    assert.deepEqual({ from: month.from, to: month.to }, { from: '2026-02-14', to: '2026-03-15' });
    assert.equal(daysIn(month), 30);
    assert.deepEqual(month.prev, { from: '2026-01-15', to: '2026-02-13' });
    assert.equal(daysIn(parsePeriod('day', { now })), 1);
    assert.equal(daysIn(parsePeriod('week', { now })), 7);
    assert.equal(daysIn(parsePeriod('quarter', { now })), 90);
    assert.equal(daysIn(parsePeriod('year', { now })), 365);
  });

  it('static periods are the last complete calendar month, quarter and year', () => {
    assert.deepEqual(parsePeriod('s-month', { now }), {
      input: 's-month',
      from: '2026-02-01',
      to: '2026-02-28',
      prev: { from: '2026-01-01', to: '2026-01-31' },
    });
    const quarter = parsePeriod('s-quarter', { now });
    assert.deepEqual([quarter.from, quarter.to, quarter.prev?.from], ['2025-10-01', '2025-12-31', '2025-07-01']);
    const year = parsePeriod('s-year', { now });
    assert.deepEqual([year.from, year.to, year.prev?.to], ['2025-01-01', '2025-12-31', '2024-12-31']);
    const january = parsePeriod('s-month', { now: new Date('2026-01-10T00:00:00Z') });
    assert.deepEqual([january.from, january.to], ['2025-12-01', '2025-12-31']);
  });

  it('dated periods cover their calendar days, up to today for the current one', () => {
    const feb = parsePeriod('2024-02', { now });
    assert.deepEqual([feb.from, feb.to, feb.prev?.from], ['2024-02-01', '2024-02-29', '2024-01-01']);
    const q1 = parsePeriod('2026-Q1', { now });
    assert.deepEqual([q1.from, q1.to, q1.prev?.from, q1.prev?.to], ['2026-01-01', '2026-03-15', '2025-10-01', '2025-12-31']);
    const y = parsePeriod('2025', { now });
    assert.deepEqual([y.from, y.to], ['2025-01-01', '2025-12-31']);
    assert.equal(parsePeriod('2026-03', { now }).to, '2026-03-15');
  });

  it('all starts at the first day with data and has no previous period', () => {
    const all = parsePeriod('all', { now, firstDay: '2026-01-02' });
    assert.deepEqual([all.from, all.to, all.prev], ['2026-01-02', '2026-03-15', null]);
  });

  it('rejects malformed and future periods with a message naming the problem', () => {
    for (const bad of ['', 'months', '2026-13', '2026-00', '2026-Q5', '26', '1999', '2026-3', 'week ']) {
      assert.throws(() => parsePeriod(bad, { now }), PeriodError, bad);
    }
    assert.throws(() => parsePeriod('2026-04', { now }), /period 2026-04 is in the future/);
    assert.throws(() => parsePeriod('2027', { now }), /in the future/);
    assert.throws(() => parsePeriod('2026-Q2', { now }), /in the future/);
  });

  it('adjusts previous totals to the length of the period', () => {
    const march = parsePeriod('2025-03', { now }); // 31 days against February's 28
    assert.equal(adjustPrev(280, march), 310);
    assert.equal(adjustPrev(100, parsePeriod('week', { now })), 100);
    assert.equal(adjustPrev(100, parsePeriod('all', { now })), 0);
  });

  it('lists the calendar periods with data and the current ones, newest first', () => {
    const list = listCalendarPeriods(['2025-12', '2026-02'], now);
    assert.deepEqual(
      list.map((p) => `${p.periodType}:${p.period}`),
      ['s-month:2026-03', 's-month:2026-02', 's-quarter:2026-Q1', 's-year:2026', 's-month:2025-12', 's-quarter:2025-Q4', 's-year:2025'],
    );
    assert.deepEqual(listCalendarPeriods([], now).length, 3);
  });

  it('counts days and seconds to midnight', () => {
    assert.deepEqual(eachDay({ from: '2024-02-28', to: '2024-03-01' }), ['2024-02-28', '2024-02-29', '2024-03-01']);
    assert.equal(secondsUntilUtcMidnight(new Date('2026-03-15T23:59:00Z')), 60);
  });
});
