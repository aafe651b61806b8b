/**
 * A thread of SqliteQueryPool: answers read queries on its own read-only connection to the statistics
 * database (WAL lets it read while the ingester writes), so that better-sqlite3's synchronous calls never
 * run on a serving thread.
 */
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../sqlite/lockWaits.ts';
import { serveJobs } from '../../workers/workerPool.ts';

const { file } = workerData as { file: string };
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
db.pragma('cache_size = -16384');
db.defaultSafeIntegers(false);

// Statements are keyed by their text, which varies with list lengths: a bounded number is kept.
const statements = new LRUCache<string, Database.Statement>({ max: 200 });

serveJobs(
  (job: { sql: string; params: unknown[] }) => {
    let statement = statements.get(job.sql);
    if (!statement) {
      statement = db.prepare(job.sql);
      statements.set(job.sql, statement);
    }
    return statement.all(...job.params);
  },
  { ready: true },
);
