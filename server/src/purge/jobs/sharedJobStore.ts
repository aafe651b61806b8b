/**
 * Purge jobs in the shared state (Redis without PostgreSQL): each job a record kept for a week, the
 * pending ones in a set (what a restarted instance resumes), each path's throttle one atomic step.
 */
import crypto from 'node:crypto';
import type { SharedState } from '../../fleetState/index.ts';
import type { PurgePath } from '../paths.ts';
import type { JobPath, JobStore, PathResult, PurgeJob } from './purgeJob.ts';
import { KEEP_MS } from './retention.ts';

const PENDING = 'purge-pending';
const recordKey = (id: string): string => `purge-job:${id}`;

export class SharedJobStore implements JobStore {
  constructor(
    private readonly state: SharedState,
    /** How long a job is answered (a week). */
    private readonly keepMs: number = KEEP_MS,
  ) {}

  async create(paths: readonly PurgePath[], now: number, throttleMs: number): Promise<PurgeJob> {
    const jobPaths: JobPath[] = [];
    for (const p of paths) jobPaths.push({ ...p, throttled: !(await this.state.passThrottle(`purge:${p.path}`, now, throttleMs)) });
    const job: PurgeJob = { id: crypto.randomUUID(), createdAt: now, status: 'pending', paths: jobPaths, result: null };
    await this.state.setRecord(recordKey(job.id), JSON.stringify(job), this.keepMs);
    await this.state.addMember(PENDING, job.id);
    return job;
  }

  async get(id: string): Promise<PurgeJob | null> {
    const raw = await this.state.getRecord(recordKey(id));
    return raw ? (JSON.parse(raw) as PurgeJob) : null;
  }

  async pending(): Promise<PurgeJob[]> {
    const jobs: PurgeJob[] = [];
    for (const id of await this.state.members(PENDING)) {
      const job = await this.get(id);
      if (job?.status === 'pending') jobs.push(job);
      else await this.state.removeMember(PENDING, id);
    }
    return jobs.sort((a, b) => a.createdAt - b.createdAt);
  }

  async finish(id: string, result: Record<string, PathResult>): Promise<void> {
    const job = await this.get(id);
    if (job) await this.state.setRecord(recordKey(id), JSON.stringify({ ...job, status: 'finished', result } satisfies PurgeJob), 0);
    await this.state.removeMember(PENDING, id);
  }

  /** The shared state belongs to the service. */
  async close(): Promise<void> {}
}
