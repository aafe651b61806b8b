/**
 * Package documents are parsed off the serving thread: react-dom's, 7 MB of JSON, takes 120 to 180 ms to parse
 * and cut down, which every other request of the process would wait for; the cut-down document comes back in
 * under 10 ms. The body reaches the thread without a copy (in shared memory, `readBody`'s `shared`). The same
 * thread writes the cut-down document's JSON for its disk copy, and reads that copy back after a restart:
 * for 20,000 versions, 13 to 23 ms of `JSON.stringify` and as much again to encode it, or a parse of megabytes.
 * Small documents are handled where they arrive, where a thread's round trip would cost more.
 * One thread a process, started on first use, never holding the process open.
 */
import fs from 'node:fs/promises';
import { WorkerPool } from '../../workers/workerPool.ts';
import type { DiskForm } from '../documents/diskDocuments.ts';
import { PackageError } from '../types.ts';
import { approximateBytes, parseNpmDocumentJson, type NpmDocument } from './npmDocument.ts';

/** A registry's document to parse, or the disk copy of one to read back. */
export type DocumentJob = { kind: 'registry'; body: Uint8Array; name: string } | { kind: 'stored'; file: string; name: string };
export type DocumentResult = { document: NpmDocument; json: Uint8Array; bytes: number } | { document: null } | { stored: unknown; bytes: number };

/** Documents up to this size are parsed on the thread that received them (about a millisecond). */
const PARSED_IN_PLACE_BYTES = 128 * 1024;
const TIME_LIMIT_MS = 30_000;

let pool: WorkerPool<DocumentJob, DocumentResult> | null = null;

function documentThreads(): WorkerPool<DocumentJob, DocumentResult> {
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

/**
 * What the thread worked out about the documents it parsed or read back: the JSON of each for its disk copy
 * (until that copy takes it), and the memory each takes (`approximateBytes`: 5 to 15 ms here for 20,000 versions
 * freshly received, the strings being touched for the first time).
 * Weak: a document dropped takes them with it.
 */
const fromThread = new WeakMap<NpmDocument, { json?: Uint8Array; bytes: number }>();

/** The document in `body` (the registry's JSON), or null when it is not a package document. */
export async function parseNpmDocumentBytes(body: Buffer, name: string): Promise<NpmDocument | null> {
  if (body.length <= PARSED_IN_PLACE_BYTES) return parseNpmDocumentJson(body, name);
  const result = await documentThreads().run({ kind: 'registry', body, name });
  if (!('document' in result)) throw new Error('The document thread answered a package document with something else.');
  if (result.document) fromThread.set(result.document, { json: result.json, bytes: result.bytes });
  return result.document;
}

/** About what the document takes in memory (`approximateBytes`), as the thread that parsed it measured. */
export function npmDocumentBytes(document: NpmDocument): number {
  return fromThread.get(document)?.bytes ?? approximateBytes(document);
}

/**
 * How npm package documents are written to disk and read back: the JSON the thread already made, or the
 * document's own for one parsed here; a copy of more than `PARSED_IN_PLACE_BYTES` read and parsed by the thread.
 */
export const npmDiskForm: DiskForm<NpmDocument> = {
  json(document) {
    const known = fromThread.get(document);
    const json = known?.json;
    if (!json) return JSON.stringify(document);
    delete known.json;
    return json;
  },
  async read(file, size, key) {
    if (size <= PARSED_IN_PLACE_BYTES) return JSON.parse(await fs.readFile(file, 'utf8'));
    const result = await documentThreads().run({ kind: 'stored', file, name: key.slice(key.indexOf(':') + 1) });
    if (!('stored' in result)) throw new Error('The document thread answered a stored document with something else.');
    const value = (result.stored as { value?: NpmDocument } | null)?.value;
    if (value) fromThread.set(value, { bytes: result.bytes });
    return result.stored;
  },
};
