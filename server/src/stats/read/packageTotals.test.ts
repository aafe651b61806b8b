import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCHEMA } from '../schema.ts';
import type { SqlEngine } from '../sql/engine.ts';
import { openSqliteEngine } from '../sql/sqliteEngine.ts';
import { PackageTotals } from './packageTotals.ts';

const TODAY = '2026-03-31';
const MONTH = { from: '2026-03-02', to: TODAY };

/** An in-memory store with one package's days, and a count of the queries asked of it. */
async function storeWith(rows: Array<[name: string, day: string, hits: number]>): Promise<{ engine: SqlEngine; queries: () => number }> {
  const engine = openSqliteEngine(':memory:', { queryPool: false });
  await engine.exec(SCHEMA);
  for (const [name, day, hits] of rows) await engine.run('INSERT INTO daily_package VALUES (?, ?, ?, ?, ?)', ['npm', name, day, hits, hits * 10]);
  let queries = 0;
  const all = engine.all.bind(engine);
  return {
    engine: { ...engine, all: (sql, params) => (queries++, all(sql, params)) },
    queries: () => queries,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('package totals in memory', () => {
  it('prepared ahead, a range is answered without a query', async () => {
    const { engine, queries } = await storeWith([
      ['a', '2026-03-10', 5],
      ['b', '2026-03-30', 7],
      ['a', TODAY, 1],
    ]);
    const totals = new PackageTotals(engine, () => TODAY);
    await totals.prepare([MONTH]);
    const asked = queries();
    const [month] = await totals.of([MONTH]);
    assert.equal(queries(), asked);
    assert.deepEqual(
      month!.top('hits', undefined, { offset: 0, limit: 10 }).rows.map((row) => [row.name, row.hits]),
      [
        ['b', 7],
        ['a', 6],
      ],
    );
  });

  it('past its lifetime, a part answers at once with what it had while it is read again', async () => {
    const { engine, queries } = await storeWith([['a', '2026-03-10', 5]]);
    let now = 0;
    const totals = new PackageTotals(
      engine,
      () => TODAY,
      () => now,
    );
    await totals.prepare([MONTH]);
    await engine.run('UPDATE daily_package SET hits = 9');
    now += 6 * 60_000;
    const asked = queries();
    const [stale] = await totals.of([MONTH]);
    assert.equal(stale!.totalsOf('npm', 'a').hits, 5, 'the kept figures answer');
    assert.equal(queries(), asked + 1, 'one read again, in the background');
    await settle();
    const [fresh] = await totals.of([MONTH]);
    assert.equal(fresh!.totalsOf('npm', 'a').hits, 9);
    assert.equal(queries(), asked + 1);
  });

  it('a part whose days an ingest changed is read again before it answers', async () => {
    const { engine } = await storeWith([['a', '2026-03-10', 5]]);
    const totals = new PackageTotals(engine, () => TODAY);
    await totals.prepare([MONTH]);
    await engine.run('UPDATE daily_package SET hits = 9');
    totals.noteIngested(['2026-03-10']);
    const [month] = await totals.of([MONTH]);
    assert.equal(month!.totalsOf('npm', 'a').hits, 9);
  });
});
