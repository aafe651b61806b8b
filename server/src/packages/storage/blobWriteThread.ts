/** The blob-writing thread: stores the files of versions unpacked in memory, one version at a time (`writeBlobs.ts`). */
import { serveJobs } from '../../workers/workerPool.ts';
import { type BlobWriteJob, writeBlobs } from './writeBlobs.ts';

serveJobs((job: BlobWriteJob) => writeBlobs(job));
