/**
 * The thread that unpacks archives, one per process, started on first use (or warmed before a service listens)
 * and, idle, never holding the process open. One: a service runs a process per core, so a machine unpacks as
 * many archives at once as it has cores, and each thread costs some 30 MB; archives wait their turn (up to
 * `maxQueued`). An archive that takes longer than the time limit has its thread ended (a fresh one takes its
 * place), and its requests get the registry-failure answer rather than a stall.
 */
import zlib from 'node:zlib';
import { Header } from 'tar';
import { WorkerPool } from '../../workers/workerPool.ts';
import { PackageError } from '../types.ts';
import type { UnpackJob, UnpackOutcome } from './unpack.ts';

/** Long enough for the largest package the limits let through (150 MB unpacked takes a few seconds). */
const TIME_LIMIT_MS = 120_000;

let pool: WorkerPool<UnpackJob & { label: string }, UnpackOutcome> | null = null;

export function extractionThreads(): WorkerPool<UnpackJob & { label: string }, UnpackOutcome> {
  pool ??= new WorkerPool({
    workerUrl: new URL('./extractThread.ts', import.meta.url),
    threads: 1,
    timeLimitMs: TIME_LIMIT_MS,
    maxQueued: 256,
    startOnDemand: true,
    errors: {
      closed: () => new Error('The extraction threads are closed.'),
      queueFull: (job) => new PackageError(503, `Too many packages are being unpacked right now; try ${job.label} again shortly.`),
      timedOut: (job) => PackageError.upstreamFailed(job.label, `unpacking took over ${TIME_LIMIT_MS / 1000} s`),
    },
  });
  return pool;
}

/** A package of one small file, gzipped: what a thread unpacks once so that its first real archive does not pay for compiling the code. */
function smallArchive(): Uint8Array {
  const body = Buffer.from('{"name":"warm-up","version":"1.0.0"}\n');
  const header = new Header({ path: 'package/package.json', type: 'File', size: body.length, mode: 0o644, mtime: new Date(0) });
  header.encode();
  const padding = Buffer.alloc((512 - (body.length % 512)) % 512);
  return zlib.gzipSync(Buffer.concat([header.block!, body, padding, Buffer.alloc(1024)]));
}

/**
 * Starts the thread and has it unpack a small archive: a service does this before it listens, so that the
 * first package a new process extracts costs what the next ones do.
 */
export async function warmUpExtraction(): Promise<void> {
  const threads = extractionThreads();
  await threads.warmUp();
  await threads.run({ tgz: smallArchive(), limitBytes: 1024 * 1024, expected: null, staging: null, label: 'warm-up@1.0.0' });
}
