/** The thread that reads npm package documents: JSON of megabytes, parsed and cut to what the CDN keeps (`npmDocument.ts`). */
import { serveJobs } from '../../workers/workerPool.ts';
import { parseNpmDocument } from './npmDocument.ts';
import type { DocumentJob } from './documentThreads.ts';

serveJobs((job: DocumentJob) => {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString('utf8'));
  } catch {
    return null;
  }
  return parseNpmDocument(raw, job.name);
});
