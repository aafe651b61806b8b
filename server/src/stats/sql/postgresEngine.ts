/**
 * PostgreSQL through a `pg` pool. Statements are written once with `?` placeholders and numbered here.
 * Bigint columns come back as strings from `pg`; they are parsed to numbers (counts stay far below 2^53).
 */
import pg from 'pg';
import { keyValues, type CountRows, type CountTable, type SqlEngine, type SqlExecutor, type SqlValue } from './engine.ts';
import { queryTimedOut } from './queryError.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function unnestInsertSql({ name, keys, extra }: CountTable): string {
  const columns = [...keys, ...extra, 'hits', 'bandwidth'];
  const arrays = columns.map((column, i) => `$${i + 1}::${column === 'hits' || column === 'bandwidth' ? 'bigint' : 'text'}[]`);
  return `INSERT INTO ${name} (${columns.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})`;
}

function unnestUpsertSql(table: CountTable): string {
  const { name, keys } = table;
  return `${unnestInsertSql(table)}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET hits = ${name}.hits + excluded.hits, bandwidth = ${name}.bandwidth + excluded.bandwidth`;
}

/** SQLSTATE of a unique constraint violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The days this engine has written counts of, per table. Rows of a day not in here are most likely new (the
 * log is read in time order), and a plain INSERT finds its place in the primary key once where an upsert
 * looks twice (the conflict check, then the insert): on a backlog that is a third of the server's work.
 * Being wrong costs time, never counts: a plain INSERT that meets an existing row fails whole, is rolled
 * back to its savepoint and the same rows are upserted.
 */
class WrittenDays {
  private readonly days = new Map<string, Set<string>>();

  of(table: string): Set<string> {
    let days = this.days.get(table);
    if (!days) {
      days = new Set();
      this.days.set(table, days);
    }
    // A bound, not a working size: a year of days is 366.
    if (days.size > 10_000) days.clear();
    return days;
  }
}

/** Columns of the flattened rows, as unnest takes them; only the rows `keep` says yes to, when given. */
function columnsOf(table: CountTable, rows: CountRows, keys: readonly string[], keep?: (row: number) => boolean): SqlValue[][] {
  const keyWidth = table.keys.length;
  const extraWidth = table.extra.length;
  const columns: SqlValue[][] = Array.from({ length: keyWidth + extraWidth + 2 }, () => []);
  for (let row = 0; row < rows.count; row++) {
    if (keep && !keep(row)) continue;
    for (let column = 0; column < keyWidth; column++) columns[column]!.push(keys[row * keyWidth + column]!);
    for (let column = 0; column < extraWidth; column++) columns[keyWidth + column]!.push(rows.extra[row * extraWidth + column]!);
    columns[keyWidth + extraWidth]!.push(rows.hits[row]!);
    columns[keyWidth + extraWidth + 1]!.push(rows.bandwidth[row]!);
  }
  return columns;
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function executorOf(client: Queryable, writtenDays?: WrittenDays): SqlExecutor {
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
  };
  return {
    async all<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      const result = await client.query({ text: numbered(sql), values: [...params], types });
      return result.rows as T[];
    },
    async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
      const result = await client.query({ text: numbered(sql), values: [...params] });
      return result.rowCount ?? 0;
    },
    async runMany(sql: string, rows: readonly (readonly SqlValue[])[]): Promise<void> {
      const text = numbered(sql);
      for (const row of rows) await client.query({ text, values: [...row] });
    },
    async addCounts(table: CountTable, rows: CountRows): Promise<void> {
      // One statement per table and batch: each column travels as one array parameter and unnest turns
      // them back into rows, so the server plans once and merges every row in one pass.
      if (rows.count === 0) return;
      const keys = keyValues(table, rows);
      const dayColumn = table.keys.indexOf('day');
      if (!writtenDays || dayColumn < 0) {
        await client.query({ text: unnestUpsertSql(table), values: columnsOf(table, rows, keys) });
        return;
      }
      const written = writtenDays.of(table.name);
      const dayOf = (row: number): string => keys[row * table.keys.length + dayColumn]!;
      const fresh = new Set<string>();
      let freshRows = 0;
      for (let row = 0; row < rows.count; row++) {
        const day = dayOf(row);
        if (written.has(day)) continue;
        fresh.add(day);
        freshRows++;
      }
      if (freshRows < rows.count) {
        await client.query({ text: unnestUpsertSql(table), values: columnsOf(table, rows, keys, (row) => !fresh.has(dayOf(row))) });
      }
      if (freshRows === 0) return;
      const newRows = columnsOf(table, rows, keys, (row) => fresh.has(dayOf(row)));
      await client.query('SAVEPOINT new_days');
      try {
        await client.query({ text: unnestInsertSql(table), values: newRows });
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        // Rows of these days were there already (written before this process started, or by another one).
        await client.query('ROLLBACK TO SAVEPOINT new_days');
        await client.query({ text: unnestUpsertSql(table), values: newRows });
      }
      await client.query('RELEASE SAVEPOINT new_days');
      for (const day of fresh) written.add(day);
    },
  };
}

export interface PostgresEngineOptions {
  /** How long a read query outside a transaction may run before the server cancels it; 15 s by default. */
  queryTimeLimitMs?: number;
}

/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

export function openPostgresEngine(connectionString: string, options: PostgresEngineOptions = {}): SqlEngine {
  const pool = new pg.Pool({ connectionString, max: 8 });
  // Reads have their own connections with a statement timeout, so a long query is cancelled by the server
  // (freeing its work there too) while the ingester's transactions are never cut short.
  const limitMs = options.queryTimeLimitMs ?? 15_000;
  const readPool = new pg.Pool({ connectionString, max: 4, statement_timeout: limitMs });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on('error', () => undefined);
  readPool.on('error', () => undefined);
  const reads = executorOf(readPool);
  const writtenDays = new WrittenDays();
  return {
    kind: 'postgres',
    ...executorOf(pool),
    async all<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
      try {
        return await reads.all<T>(sql, params);
      } catch (error) {
        if ((error as { code?: string }).code === QUERY_CANCELED) throw queryTimedOut(limitMs);
        throw error;
      }
    },
    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(executorOf(client, writtenDays));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(script: string): Promise<void> {
      await pool.query(script);
    },
    async close(): Promise<void> {
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}
