/**
 * SQLite through better-sqlite3. Calls are synchronous underneath: writes (the ingester's transactions) run
 * on this thread, read queries outside transactions run in a pool of worker threads with a time limit
 * (queryPool.ts), so no statistics query blocks the serving thread. Transactions are serialised through a
 * queue, because a second BEGIN on the same connection while one is open would fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../sqlite/lockWaits.ts';
import { keyValues, type CountRows, type CountTable, type SqlEngine, type SqlExecutor, type SqlValue } from './engine.ts';
import { SqliteQueryPool, type QueryPoolOptions } from './queryPool.ts';

/** Rows per multi-row upsert: 64 rows of at most 8 columns stay well under SQLite's 32,766 parameters. */
const ROWS_PER_STATEMENT = 64;

function upsertSql({ name, keys, extra }: CountTable, rows: number): string {
  const columns = [...keys, ...extra, 'hits', 'bandwidth'];
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${name} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET hits = ${name}.hits + excluded.hits, bandwidth = ${name}.bandwidth + excluded.bandwidth`;
}

export interface SqliteEngineOptions {
  /** Run read queries outside transactions in worker threads with these bounds (the statistics do); in this thread when absent. */
  queryPool?: QueryPoolOptions | false;
  /**
   * FULL (the default) makes every commit survive a power cut, not only a killed process. NORMAL (in WAL
   * mode) syncs at checkpoints only: a power cut may roll back the last commits, never corrupt the file.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** Pages the write-ahead log may grow to before it is copied into the database (SQLite's default: 1,000). */
  walPages?: number;
}

export function openSqliteEngine(file: string, options: SqliteEngineOptions = {}): SqlEngine {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  if (options.walPages) db.pragma(`wal_autocheckpoint = ${options.walPages}`);
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // 64 MiB of page cache (the default is 2 MiB): an ingest batch touches pages all over the roll-up tables.
  db.pragma('cache_size = -65536');
  db.defaultSafeIntegers(false);

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const upserts = new Map<string, { many: string; one: string }>();
  const executor: SqlExecutor = {
    async all<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      return prepare(sql).all(...params) as T[];
    },
    async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
      return prepare(sql).run(...params).changes;
    },
    async runMany(sql: string, rows: readonly (readonly SqlValue[])[]): Promise<void> {
      const statement = prepare(sql);
      for (const row of rows) statement.run(...row);
    },
    async addCounts(table: CountTable, rows: CountRows): Promise<void> {
      // Prepared upserts of ROWS_PER_STATEMENT rows (then single rows for the rest): one call into SQLite
      // per many rows, and rows arriving in key order walk the primary-key B-tree page by page.
      let sql = upserts.get(table.name);
      if (!sql) {
        sql = { many: upsertSql(table, ROWS_PER_STATEMENT), one: upsertSql(table, 1) };
        upserts.set(table.name, sql);
      }
      const many = prepare(sql.many);
      const one = prepare(sql.one);
      if (rows.count === 0) return;
      const keys = keyValues(table, rows);
      const keyWidth = table.keys.length;
      const extraWidth = table.extra.length;
      const values: SqlValue[] = [];
      const bind = (from: number, to: number): SqlValue[] => {
        values.length = 0;
        for (let row = from; row < to; row++) {
          for (let at = row * keyWidth, end = at + keyWidth; at < end; at++) values.push(keys[at]!);
          for (let at = row * extraWidth, end = at + extraWidth; at < end; at++) values.push(rows.extra[at]!);
          values.push(rows.hits[row]!, rows.bandwidth[row]!);
        }
        return values;
      };
      let i = 0;
      for (; i + ROWS_PER_STATEMENT <= rows.count; i += ROWS_PER_STATEMENT) many.run(bind(i, i + ROWS_PER_STATEMENT));
      for (; i < rows.count; i++) one.run(bind(i, i + 1));
    },
  };

  // An in-memory database cannot be opened by another thread: its reads stay here.
  const pool = !options.queryPool || file === ':memory:' ? null : new SqliteQueryPool(file, options.queryPool);

  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'sqlite',
    ...executor,
    all: pool ? <T extends object>(sql: string, params: readonly SqlValue[] = []) => pool.all<T>(sql, params) : executor.all,
    transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(executor);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async exec(script: string): Promise<void> {
      db.exec(script);
    },
    async warmUp(): Promise<void> {
      await pool?.warmUp();
    },
    async close(): Promise<void> {
      await queue;
      await pool?.close();
      db.close();
    },
  };
}
