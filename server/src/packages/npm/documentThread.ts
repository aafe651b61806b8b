/**
 * The thread that reads npm package documents: JSON of megabytes, parsed and cut to what the CDN keeps
 * (`npmDocument.ts`), with the JSON of the cut-down document for its disk copy; and that copy read back.
 */
import fs from 'node:fs';
import { serveJobs } from '../../workers/workerPool.ts';
import { approximateBytes, parseNpmDocumentJson, type NpmDocument } from './npmDocument.ts';
import type { DocumentJob, DocumentResult } from './documentThreads.ts';

const utf8 = new TextEncoder();

function handle(job: DocumentJob): DocumentResult {
  if (job.kind === 'stored') {
    const stored = JSON.parse(fs.readFileSync(job.file, 'utf8')) as { value?: NpmDocument } | null;
    return { stored, bytes: stored?.value ? approximateBytes(stored.value) : 0 };
  }
  const document = parseNpmDocumentJson(job.body, job.name);
  return document ? { document, json: utf8.encode(JSON.stringify(document)), bytes: approximateBytes(document) } : { document: null };
}

serveJobs(handle, { transfer: (result) => ('json' in result && result.json ? [result.json.buffer as ArrayBuffer] : []) });
