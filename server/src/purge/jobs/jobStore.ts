/**
 * Purge jobs and the last purge time of each path, kept where every purge instance of a deployment finds
 * them and a restart loses no job: PostgreSQL when `SKYLIFT_POSTGRES_URL` is set (durable and shared by a
 * fleet); otherwise the shared state when it is Redis (`sharedJobStore.ts`: shared, as durable as the Redis
 * is configured to be); otherwise embedded SQLite at `{dataDir}/purge.sqlite` (one machine). The SQL runs
 * alike on both engines of the statistics store.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config/config.ts';
import type { SharedState } from '../../fleetState/index.ts';
import type { SqlEngine } from '../../stats/sql/engine.ts';
import { openPostgresEngine } from '../../stats/sql/postgresEngine.ts';
import { openSqliteEngine } from '../../stats/sql/sqliteEngine.ts';
import type { PurgePath } from '../paths.ts';
import type { JobPath, JobStore, PathResult, PurgeJob } from './purgeJob.ts';
import { KEEP_MS } from './retention.ts';
import { SharedJobStore } from './sharedJobStore.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS purge_job (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  status TEXT NOT NULL,
  request TEXT NOT NULL,
  result TEXT
);
CREATE INDEX IF NOT EXISTS purge_job_status ON purge_job (status);
CREATE INDEX IF NOT EXISTS purge_job_created ON purge_job (created_at);
CREATE TABLE IF NOT EXISTS purge_path (
  path TEXT PRIMARY KEY,
  purged_at BIGINT NOT NULL
)
`;

interface JobRow {
  id: string;
  created_at: number;
  status: string;
  request: string;
  result: string | null;
}

export class SqlJobStore implements JobStore {
  constructor(private readonly engine: SqlEngine) {}

  async init(): Promise<void> {
    await this.engine.exec(SCHEMA);
  }

  /**
   * Records a new pending job. In the same transaction each path's last purge time moves to `now`, unless
   * it was purged within `throttleMs`: then the path is marked throttled. The conditional upsert is one
   * statement, so two requests racing for one path cannot both pass.
   */
  async create(paths: readonly PurgePath[], now: number, throttleMs: number): Promise<PurgeJob> {
    const id = crypto.randomUUID();
    return this.engine.transaction(async (tx) => {
      const jobPaths: JobPath[] = [];
      for (const p of paths) {
        const changed = await tx.run(
          'INSERT INTO purge_path (path, purged_at) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET purged_at = excluded.purged_at WHERE purge_path.purged_at <= ?',
          [p.path, now, now - throttleMs],
        );
        jobPaths.push({ ...p, throttled: changed === 0 });
      }
      await tx.run('INSERT INTO purge_job (id, created_at, status, request, result) VALUES (?, ?, ?, ?, NULL)', [id, now, 'pending', JSON.stringify(jobPaths)]);
      await tx.run('DELETE FROM purge_job WHERE created_at < ?', [now - KEEP_MS]);
      await tx.run('DELETE FROM purge_path WHERE purged_at < ?', [now - Math.max(throttleMs, 0) - 60_000]);
      return { id, createdAt: now, status: 'pending' as const, paths: jobPaths, result: null };
    });
  }

  async get(id: string): Promise<PurgeJob | null> {
    const rows = await this.engine.all<JobRow>('SELECT id, created_at, status, request, result FROM purge_job WHERE id = ?', [id]);
    return rows[0] ? toJob(rows[0]) : null;
  }

  async pending(): Promise<PurgeJob[]> {
    const rows = await this.engine.all<JobRow>(
      "SELECT id, created_at, status, request, result FROM purge_job WHERE status = 'pending' ORDER BY created_at",
      [],
    );
    return rows.map(toJob);
  }

  async finish(id: string, result: Record<string, PathResult>): Promise<void> {
    await this.engine.run("UPDATE purge_job SET status = 'finished', result = ? WHERE id = ?", [JSON.stringify(result), id]);
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}

function toJob(row: JobRow): PurgeJob {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    status: row.status === 'finished' ? 'finished' : 'pending',
    paths: JSON.parse(row.request) as JobPath[],
    result: row.result ? (JSON.parse(row.result) as Record<string, PathResult>) : null,
  };
}

export async function openJobStore(config: Pick<Config, 'dataDir' | 'storage'>, shared?: SharedState): Promise<JobStore> {
  if (!config.storage.postgresUrl && shared?.kind === 'redis') return new SharedJobStore(shared);
  const engine = config.storage.postgresUrl ? openPostgresEngine(config.storage.postgresUrl) : openSqliteEngine(path.join(config.dataDir, 'purge.sqlite'));
  const store = new SqlJobStore(engine);
  await store.init();
  return store;
}
