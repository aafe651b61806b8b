/**
 * Package documents are parsed off the serving thread: react-dom's, 7 MB of JSON, takes 120 to 180 ms to parse
 * and cut down, which every other request of the process would wait for; the cut-down document comes back in
 * under 10 ms. The body reaches the thread without a copy (in shared memory, `readBody`'s `shared`). Small
 * documents are parsed where they arrive, where a thread's round trip would cost more.
 * One thread a process, started on first use, never holding the process open.
 */
import { WorkerPool } from '../../workers/workerPool.ts';
import { PackageError } from '../types.ts';
import { parseNpmDocumentJson, type NpmDocument } from './npmDocument.ts';

export interface DocumentJob {
  body: Uint8Array;
  name: string;
}

/** Documents up to this size are parsed on the thread that received them (about a millisecond). */
const PARSED_IN_PLACE_BYTES = 128 * 1024;
const TIME_LIMIT_MS = 30_000;

let pool: WorkerPool<DocumentJob, NpmDocument | null> | null = null;

function documentThreads(): WorkerPool<DocumentJob, NpmDocument | null> {
  pool ??= new WorkerPool({
    workerUrl: new URL('./documentThread.ts', import.meta.url),
    threads: 1,
    timeLimitMs: TIME_LIMIT_MS,
    maxQueued: 256,
    startOnDemand: true,
    errors: {
      closed: () => new Error('The document threads are closed.'),
      queueFull: (job) => new PackageError(503, `Too many package documents are being read right now; try ${job.name} again shortly.`),
      timedOut: (job) => PackageError.upstreamFailed(`version info for ${job.name}`, 'reading the package document took longer than its time limit'),
    },
  });
  return pool;
}

/** The document in `body` (the registry's JSON), or null when it is not a package document. */
export async function parseNpmDocumentBytes(body: Buffer, name: string): Promise<NpmDocument | null> {
  if (body.length <= PARSED_IN_PLACE_BYTES) return parseNpmDocumentJson(body, name);
  return documentThreads().run({ body, name });
}
