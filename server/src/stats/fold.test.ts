import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestLogLine } from '../requestlog/line.ts';
import { daysOf, flattenFold, foldLines } from './fold.ts';

const line = (overrides: Partial<RequestLogLine>): RequestLogLine => ({
  v: 1,
  t: '2026-11-21T12:00:00.000Z',
  type: 'npm',
  name: 'left-pad',
  version: '1.3.0',
  kind: 'version',
  file: '/index.js',
  status: 200,
  bytes: 100,
  provider: 'cf',
  country: 'de',
  ua: 'curl/8.5.0',
  proxy: null,
  cache: 'hit',
  ...overrides,
});

describe('fold', () => {
  it('adds up requests per key and flattens each table in key order', () => {
    const fold = foldLines([
      line({ name: 'zod', bytes: 10 }),
      line({ bytes: 20 }),
      line({ bytes: 30, t: '2026-11-20T08:00:00.000Z' }),
      line({ bytes: 40 }),
      line({ version: 'main', kind: 'branch', bytes: 5 }),
      line({ status: 404, bytes: 1 }),
    ]);
    const rows = flattenFold(fold);
    assert.deepEqual(rows.daily_package, {
      count: 3,
      values: ['npm', 'left-pad', '2026-11-20', 1, 30, 'npm', 'left-pad', '2026-11-21', 3, 65, 'npm', 'zod', '2026-11-21', 1, 10],
    });
    // The kind comes after the key columns, before the counts.
    assert.deepEqual(rows.daily_version?.values.slice(0, 12), [
      'npm',
      'left-pad',
      '1.3.0',
      '2026-11-20',
      'version',
      1,
      30,
      'npm',
      'left-pad',
      '1.3.0',
      '2026-11-21',
      'version',
    ]);
    assert.deepEqual(rows.daily_version?.values.slice(14, 21), ['npm', 'left-pad', 'main', '2026-11-21', 'branch', 1, 5]);
    // Network counts take every request, failed ones too; provider and country upper-case.
    assert.deepEqual(rows.daily_network?.values, ['2026-11-20', 'packages', 'CF', 'DE', 1, 30, '2026-11-21', 'packages', 'CF', 'DE', 5, 76]);
    assert.equal(rows.daily_proxy, undefined, 'a table without rows is left out');
    assert.deepEqual(daysOf(fold).sort(), ['2026-11-20', '2026-11-21']);
  });
});
