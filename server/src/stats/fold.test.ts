import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestLogLine } from '../requestlog/line.ts';
import { daysOf, flattenFold, foldLines } from './fold.ts';
import type { CountRows } from './sql/engine.ts';
import { logLine } from './testing/requestLogFixture.ts';

const line = (overrides: Partial<RequestLogLine>): RequestLogLine => logLine({ provider: 'cf', country: 'de', cache: 'hit', ...overrides });

/** The flattened rows of a table, one array per row: key columns, attributes, hits, bandwidth. */
function rowsOf(rows: CountRows | undefined, keyWidth: number): Array<Array<string | number>> {
  if (!rows) return [];
  const keys = rows.keys.split('\u0000');
  const extraWidth = rows.extra.length / rows.count;
  return Array.from({ length: rows.count }, (_, row) => [
    ...keys.slice(row * keyWidth, (row + 1) * keyWidth),
    ...rows.extra.slice(row * extraWidth, (row + 1) * extraWidth),
    rows.hits[row]!,
    rows.bandwidth[row]!,
  ]);
}

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
    assert.deepEqual(rowsOf(rows.daily_package, 3), [
      ['npm', 'left-pad', '2026-11-20', 1, 30],
      ['npm', 'left-pad', '2026-11-21', 3, 65],
      ['npm', 'zod', '2026-11-21', 1, 10],
    ]);
    // The kind comes after the key columns, before the counts.
    assert.deepEqual(rowsOf(rows.daily_version, 4), [
      ['npm', 'left-pad', '1.3.0', '2026-11-20', 'version', 1, 30],
      ['npm', 'left-pad', '1.3.0', '2026-11-21', 'version', 2, 60],
      ['npm', 'left-pad', 'main', '2026-11-21', 'branch', 1, 5],
      ['npm', 'zod', '1.3.0', '2026-11-21', 'version', 1, 10],
    ]);
    // Network counts take every request, failed ones too; provider and country upper-case.
    assert.deepEqual(rowsOf(rows.daily_network, 4), [
      ['2026-11-20', 'packages', 'CF', 'DE', 1, 30],
      ['2026-11-21', 'packages', 'CF', 'DE', 5, 76],
    ]);
    assert.equal(rows.daily_proxy, undefined, 'a table without rows is left out');
    assert.deepEqual(daysOf(fold).sort(), ['2026-11-20', '2026-11-21']);
  });

  it('keeps every key value in its column when a logged value contains NUL', () => {
    const rows = flattenFold(foldLines([line({ file: '/a\u0000b.js', version: '1.0.0\u0000' })]));
    assert.deepEqual(rowsOf(rows.daily_file, 5), [['npm', 'left-pad', '1.0.0\uFFFD', '/a\uFFFDb.js', '2026-11-21', 1, 100]]);
  });
});
