/**
 * A purge job as it is recorded, and what a store of jobs does: `jobStore.ts` (SQL) and `sharedJobStore.ts`
 * (the fleet state) implement it; `jobStore.ts`'s `openJobStore` picks one.
 */
import type { PurgePath } from '../paths.ts';

export type JobStatus = 'pending' | 'finished';

export interface JobPath extends PurgePath {
  /** Purged again too soon after an earlier purge: nothing was asked of anyone. */
  throttled: boolean;
}

export interface PathResult {
  throttled: boolean;
  /** Provider code (CF, FY, BN, GC) to whether it confirmed the purge; empty for throttled paths. */
  providers: Record<string, boolean>;
  /** Our own caches: resolutions dropped, nothing to drop (immutable path), or no cache holder reached. */
  origin?: 'dropped' | 'immutable' | 'none';
}

export interface PurgeJob {
  id: string;
  createdAt: number;
  status: JobStatus;
  paths: JobPath[];
  result: Record<string, PathResult> | null;
}

export interface JobStore {
  /**
   * Records a new pending job. Each path's last purge time moves to `now`, unless it was purged within
   * `throttleMs`: then the path is marked throttled. Of two requests racing for one path, one passes.
   */
  create(paths: readonly PurgePath[], now: number, throttleMs: number): Promise<PurgeJob>;
  get(id: string): Promise<PurgeJob | null>;
  pending(): Promise<PurgeJob[]>;
  finish(id: string, result: Record<string, PathResult>): Promise<void>;
  close(): Promise<void>;
}
