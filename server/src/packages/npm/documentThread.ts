/** The thread that reads npm package documents: JSON of megabytes, parsed and cut to what the CDN keeps (`npmDocument.ts`). */
import { serveJobs } from '../../workers/workerPool.ts';
import { parseNpmDocumentJson } from './npmDocument.ts';
import type { DocumentJob } from './documentThreads.ts';

serveJobs((job: DocumentJob) => parseNpmDocumentJson(job.body, job.name));
