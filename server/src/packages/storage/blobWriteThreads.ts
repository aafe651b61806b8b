/**
 * The thread that stores versions unpacked in memory (`writeBlobs.ts`), one per process, started before a
 * service listens (`../warmUp.ts`) or on first use. Apart from the extraction thread, so that the next
 * never-seen version is unpacked while the last one's files are still being written. Versions wait their turn;
 * one that takes longer than the time limit has its thread ended, and the version stays served from memory
 * until it is extracted again.
 */
import { WorkerPool } from '../../workers/workerPool.ts';
import type { BlobWriteJob, BlobWriteOutcome } from './writeBlobs.ts';

const TIME_LIMIT_MS = 120_000;

let pool: WorkerPool<BlobWriteJob, BlobWriteOutcome> | null = null;

export function blobWriteThreads(): WorkerPool<BlobWriteJob, BlobWriteOutcome> {
  pool ??= new WorkerPool({
    workerUrl: new URL('./blobWriteThread.ts', import.meta.url),
    threads: 1,
    timeLimitMs: TIME_LIMIT_MS,
    maxQueued: 1024,
    startOnDemand: true,
    errors: {
      closed: () => new Error('The blob-writing threads are closed.'),
      queueFull: () => new Error('Too many versions are waiting to be written.'),
      timedOut: () => new Error('Writing a version took too long.'),
    },
  });
  return pool;
}
