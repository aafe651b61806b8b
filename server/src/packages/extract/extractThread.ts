/** The extraction thread: unpacks the archives it is sent, one at a time, off the serving thread (`unpack.ts`). */
import { serveJobs } from '../../workers/workerPool.ts';
import { type UnpackJob, unpack } from './unpack.ts';

serveJobs((job: UnpackJob) => unpack(job));
