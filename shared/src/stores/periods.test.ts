/**
 * @jest-environment node
 */
import { clearHttpCache } from '../api/http';
import type { StatsPeriodEntry } from '../api/types';
import { resetRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { startFixtureServer, type FixtureServer } from '../testing/fixtureServer';
import { testRuntimeConfig } from '../testing/runtimeConfigFixture';
import { FLOATING_PERIOD_OPTIONS, loadPeriods, periodOptions, periods$, periodText, resetPeriods, SEPARATOR } from './periods';

const ENTRIES: StatsPeriodEntry[] = [
  { period: '2026-10', periodType: 's-month', links: { network: '/n', packages: '/p', browsers: '/b' } },
  { period: '2026-Q3', periodType: 's-quarter', links: { network: '/n', packages: '/p' } },
  { period: '2026-09', periodType: 's-month', links: { network: '/n', packages: '/p', browsers: '/b' } },
  { period: '2025', periodType: 's-year', links: { network: '/n', packages: '/p' } },
  { period: '2025-12', periodType: 's-month', links: { packages: '/p' } },
];

describe('periodText', () => {
  it('names months, quarters and years', () => {
    expect(periodText('2026-10')).toBe('October 2026');
    expect(periodText('2026-01')).toBe('January 2026');
    expect(periodText('2026-Q3')).toBe('Q3 2026');
    expect(periodText('2025')).toBe('2025');
  });
});

describe('periodOptions', () => {
  it('offers month, quarter and year alone while no periods are known', () => {
    expect(periodOptions([])).toEqual([...FLOATING_PERIOD_OPTIONS]);
    expect(FLOATING_PERIOD_OPTIONS.map((o) => [o.periodValue, o.periodType])).toEqual([
      ['month', 's-month'],
      ['quarter', 's-quarter'],
      ['year', 's-year'],
    ]);
  });

  it('lists the concrete periods after a separator, with a separator between years', () => {
    expect(periodOptions(ENTRIES)).toEqual([
      ...FLOATING_PERIOD_OPTIONS,
      SEPARATOR,
      { periodValue: '2026-10', periodText: 'October 2026', periodType: 's-month' },
      { periodValue: '2026-Q3', periodText: 'Q3 2026', periodType: 's-quarter' },
      { periodValue: '2026-09', periodText: 'September 2026', periodType: 's-month' },
      SEPARATOR,
      { periodValue: '2025', periodText: '2025', periodType: 's-year' },
      { periodValue: '2025-12', periodText: 'December 2025', periodType: 's-month' },
    ]);
  });

  it('keeps only the periods that have the asked kind of statistics', () => {
    const values = periodOptions(ENTRIES, 'browsers').map((item) => ('periodValue' in item ? item.periodValue : '|'));
    expect(values).toEqual(['month', 'quarter', 'year', '|', '2026-10', '2026-09']);
  });
});

describe('loadPeriods', () => {
  let server: FixtureServer;

  beforeEach(() => {
    clearHttpCache();
    resetPeriods();
  });
  afterEach(async () => {
    resetRuntimeConfig();
    await server.close();
  });

  it('fetches the period list once and publishes it', async () => {
    server = await startFixtureServer({ '/v1/stats/periods': { body: ENTRIES } });
    setRuntimeConfig(testRuntimeConfig(server.url));

    await Promise.all([loadPeriods(), loadPeriods()]);
    await loadPeriods();

    expect(periods$.getValue()).toEqual(ENTRIES);
    expect(server.countOf('/v1/stats/periods')).toBe(1);
  });

  it('keeps the list empty and reports a failure once, without rejecting', async () => {
    server = await startFixtureServer({ '/v1/stats/periods': { status: 500, body: { status: 500, message: 'Statistics are unavailable.' } } });
    setRuntimeConfig(testRuntimeConfig(server.url));
    const report = jest.fn();

    await expect(loadPeriods(report)).resolves.toBeUndefined();
    await expect(loadPeriods(report)).resolves.toBeUndefined();

    expect(periods$.getValue()).toEqual([]);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ status: 500, message: 'Statistics are unavailable.' });
  });

  it('reports, rather than throws, when called before the runtime configuration is loaded', async () => {
    server = await startFixtureServer({});
    const report = jest.fn();
    await expect(loadPeriods(report)).resolves.toBeUndefined();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ name: 'RuntimeConfigError' }));
    expect(server.requests).toEqual([]);
  });
});
