/**
 * The statistics database, opened: its schema made, its writer (`write/rollupWriter.ts`, the ingester's)
 * and its reads (`read/statsReads.ts`, the data API's), both over one SqlEngine, so that SQLite and
 * PostgreSQL run the same SQL. The ingester tells the reads of each commit (`noteIngested`).
 */
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { SCHEMA } from './schema.ts';
import type { SqlEngine } from './sql/engine.ts';
import { openPostgresEngine } from './sql/postgresEngine.ts';
import { openSqliteEngine } from './sql/sqliteEngine.ts';
import { StatsReads } from './read/statsReads.ts';
import { RollupWriter } from './write/rollupWriter.ts';

export class StatsStore {
  readonly reads: StatsReads;
  readonly writer: RollupWriter;

  constructor(readonly engine: SqlEngine) {
    this.reads = new StatsReads(engine);
    this.writer = new RollupWriter(engine);
  }

  async init(): Promise<void> {
    // On SQLite, roll-up rows live in their primary-key B-tree (WITHOUT ROWID): one tree to update per row, not two.
    await this.engine.exec(this.engine.kind === 'sqlite' ? SCHEMA.replace(/(PRIMARY KEY \([^)]*\)\n\))/g, '$1 WITHOUT ROWID') : SCHEMA);
  }

  /** Starts the reading threads now rather than on the first question (seconds on a busy machine). */
  async warmUp(): Promise<void> {
    await this.engine.warmUp?.();
  }

  /** Whether the engine answers a query now: false for a closed store or an unreachable database. */
  async answers(): Promise<boolean> {
    try {
      await this.engine.all('SELECT 1 AS ok');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}

/**
 * SQLite under the data directory by default; PostgreSQL when `storage.postgresUrl` is configured. Either way
 * statistics reads have a time limit and never run on the serving thread (sql/queryPool.ts, postgresEngine.ts).
 */
export async function openStatsStore(config: Pick<Config, 'dataDir' | 'storage'>, { readThreads = true }: { readThreads?: boolean } = {}): Promise<StatsStore> {
  const engine = config.storage.postgresUrl
    ? openPostgresEngine(config.storage.postgresUrl)
    : openSqliteEngine(path.join(config.dataDir, 'stats.sqlite'), {
        // A store opened on a thread of its own (the ingester's) reads on that thread.
        queryPool: readThreads ? {} : false,
        // Counts and read offsets commit together and the logs are durable: a commit lost to a power cut
        // takes its offsets with it, and its lines are read and counted again. No sync per commit is needed.
        synchronous: 'NORMAL',
        // A batch touches pages all over the roll-ups: copying the log into the database every 64 MiB
        // rather than every 4 MiB writes a page once for many batches instead of once per batch.
        walPages: 16_384,
      });
  const store = new StatsStore(engine);
  await store.init();
  return store;
}
