/**
 * SQLite through better-sqlite3. Calls are synchronous underneath; the promises only give both engines one
 * shape. Transactions are serialised through a queue, because a second BEGIN on the same connection
 * while one is open would fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SqlEngine, SqlExecutor, SqlValue } from './engine.ts';

export function openSqliteEngine(file: string): SqlEngine {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL makes a committed ingest batch survive a power cut, not only a killed process.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
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
  };

  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'sqlite',
    ...executor,
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
    async close(): Promise<void> {
      await queue;
      db.close();
    },
  };
}
