/**
 * What the entry points answer tells of each file beside its name: the integrity of the bytes the CDN serves at
 * its exact-version address (`sha384-...`, as the import maps give it), so a page can offer the tag with SRI, and
 * for JavaScript how a `<script src>` runs it (`scriptFormat.ts`), so a page does not offer a CommonJS file as a
 * script. Read from the stored file once per exact version and file (they never change), hashed on libuv's
 * threads (WebCrypto), never on the serving thread. A file over `MAX_BYTES` is described by its name alone.
 */
import { LRUCache } from 'lru-cache';
import type { PackageRef, PackageStore } from '../packages/types.ts';
import { scriptFormat, type ScriptFormat } from './scriptFormat.ts';
import { readStored } from '../packages/storedFile.ts';

export interface EntryFileFacts {
  integrity: string;
  /** JavaScript files only. */
  format?: ScriptFormat;
}

/** Larger files are hashed by nobody here: an entry point that size is rare, and reading it is not free. */
const MAX_BYTES = 8 * 1024 * 1024;

/** How much of a JavaScript file is read for its format: the regular expressions run on the serving thread. */
const FORMAT_SCAN_BYTES = 1024 * 1024;

/** By exact version and file; `none` where the file is not described (too large, missing). */
const known = new LRUCache<string, EntryFileFacts | 'none'>({ max: 10_000 });

async function describe(store: PackageStore, ref: PackageRef, version: string, file: string): Promise<EntryFileFacts | null> {
  const stored = await store.file(ref, version, file);
  if (!stored || stored.size > MAX_BYTES) return null;
  const bytes = await readStored(stored);
  const digest = Buffer.from(await crypto.subtle.digest('SHA-384', bytes as Uint8Array<ArrayBuffer>)).toString('base64');
  const facts: EntryFileFacts = { integrity: `sha384-${digest}` };
  // The marks of a format are near the top of any file that has them (a UMD wrapper, a compiler's preamble).
  if (/\.[mc]?js$/.test(file)) facts.format = scriptFormat(bytes.subarray(0, FORMAT_SCAN_BYTES).toString('utf8'), file);
  return facts;
}

/** The facts of one entry file of an exact version; null when it cannot be read or is over the size read. */
export async function entryFileFacts(store: PackageStore, ref: PackageRef, version: string, file: string): Promise<EntryFileFacts | null> {
  const key = `${ref.type}/${ref.name}@${version}${file}`;
  const kept = known.get(key);
  if (kept) return kept === 'none' ? null : kept;
  try {
    const facts = await describe(store, ref, version, file);
    known.set(key, facts ?? 'none');
    return facts;
  } catch {
    // An upstream that failed this time may answer next time: nothing is kept.
    return null;
  }
}
