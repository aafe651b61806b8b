/** The thread that reads and folds ingest batches while the ingester's thread writes (see prepare.ts). */
import { serveJobs } from '../workers/workerPool.ts';
import { prepareBatches, type PrepareJob } from './prepare.ts';

serveJobs((job: PrepareJob) => prepareBatches(job));
