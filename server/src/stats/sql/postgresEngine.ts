/**
 * PostgreSQL through a `pg` pool. Statements are written once with `?` placeholders and numbered here.
 * Bigint columns come back as strings from `pg`; they are parsed to numbers (counts stay far below 2^53).
 */
import pg from 'pg';
import type { CountRows, CountTable, SqlEngine, SqlExecutor, SqlValue } from './engine.ts';
import { queryTimedOut } from './queryError.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function unnestUpsertSql({ name, keys, extra }: CountTable): string {
  const columns = [...keys, ...extra, 'hits', 'bandwidth'];
  const arrays = columns.map((column, i) => `$${i + 1}::${column === 'hits' || column === 'bandwidth' ? 'bigint' : 'text'}[]`);
  return `INSERT INTO ${name} (${columns.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET hits = ${name}.hits + excluded.hits, bandwidth = ${name}.bandwidth + excluded.bandwidth`;
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function executorOf(client: Queryable): SqlExecutor {
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
      const width = table.keys.length + table.extra.length + 2;
      const columns: SqlValue[][] = Array.from({ length: width }, () => new Array<SqlValue>(rows.count));
      const { values } = rows;
      for (let row = 0, at = 0; row < rows.count; row++) {
        for (let column = 0; column < width; column++, at++) columns[column]![row] = values[at]!;
      }
      await client.query({ text: unnestUpsertSql(table), values: columns });
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
        const result = await work(executorOf(client));
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
