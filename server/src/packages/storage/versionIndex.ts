/**
 * The per-version index: every file of an extracted version (path, size, SHA-256, time), its default file and
 * its manifest, in one JSON file per version written atomically after all its files are in the store. The index
 * file existing is what makes a version valid; a crash before that leaves nothing a reader would trust.
 *
 * In memory, a loaded version answers `file()` with one map lookup: paths map to one object per file, which
 * works out its blob path when first asked. A path string and a second object per file had been about 800 bytes
 * of every file's 1,100 in memory; most files of a loaded version are never asked for.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../documents/diskDocuments.ts';
import type { FileEntry, StoredFile } from '../types.ts';
import type { ContentStore } from './contentStore.ts';
import { keptString } from './keptStrings.ts';

export const INDEX_FORMAT = 1;

export interface VersionIndexFile {
  format: typeof INDEX_FORMAT;
  /** The key the version is stored under: `npm/<name>/<version>` or `gh/<user>/<repo>/<commit>`. */
  key: string;
  files: Array<FileEntry & { sha256Hex: string }>;
  default: string | null;
  manifest: Record<string, unknown> | null;
  extractedAt: string;
}

export interface LoadedVersion {
  key: string;
  /** In path order; shared, never mutate. */
  files: FileEntry[];
  byPath: Map<string, StoredFile>;
  default: string | null;
  manifest: Record<string, unknown> | null;
  /** The index file, whose time tells the disk budget when the version was last served. */
  indexFile: string;
  /** When this process last served it (ms); mutable. */
  usedAt: number;
}

/** `npm/@scope/name/1.0.0` -> `<root>/versions/npm/%40scope%2Fname/1.0.0.json`: one segment per part, no traversal. */
export function indexPath(root: string, key: string): string {
  const parts = key.split('/');
  const type = parts[0]!;
  const version = parts[parts.length - 1]!;
  const name = parts.slice(1, -1).join('/');
  return path.join(root, 'versions', type, encodeURIComponent(name), `${encodeURIComponent(version)}.json`);
}

/** A file of a loaded version; serialises as its FileEntry (the blob path and the store are not own fields). */
class IndexedFile implements StoredFile {
  readonly #store: ContentStore;
  #diskPath: string | undefined;

  constructor(
    readonly path: string,
    readonly size: number,
    readonly sha256: string,
    readonly time: string,
    store: ContentStore,
  ) {
    this.#store = store;
  }

  get diskPath(): string {
    return (this.#diskPath ??= this.#store.blobPath(sha256Hex(this.sha256)));
  }
}

/** The SHA-256 of a file in hex, from its base64 (as indexes and file entries carry it). */
export const sha256Hex = (sha256Base64: string): string => Buffer.from(sha256Base64, 'base64').toString('hex');

export function toLoaded(index: VersionIndexFile, store: ContentStore, root: string): LoadedVersion {
  const files: FileEntry[] = [];
  const byPath = new Map<string, StoredFile>();
  // An archive's files mostly share one time (npm sets 1985-10-26 on all): one string for each time, not each file.
  const times = new Map<string, string>();
  for (const f of index.files) {
    let time = times.get(f.time);
    if (time === undefined) times.set(f.time, (time = f.time));
    const file = new IndexedFile(f.path, f.size, f.sha256, time, store);
    files.push(file);
    byPath.set(f.path, file);
  }
  return {
    key: index.key,
    files,
    byPath,
    default: index.default,
    manifest: index.manifest,
    indexFile: keptString(indexPath(root, index.key)),
    usedAt: Date.now(),
  };
}

/**
 * About what a loaded version takes in memory, bytes: each file's object, its path and its hash, and the
 * manifest. Measured at about 210 bytes a file besides its path; a file asked for keeps its blob path too.
 */
export function approximateBytes(version: LoadedVersion): number {
  let bytes = 1_000 + (version.manifest ? JSON.stringify(version.manifest).length * 2 : 0);
  for (const file of version.files) bytes += 220 + file.path.length;
  return bytes;
}

export async function readIndex(root: string, key: string): Promise<VersionIndexFile | null> {
  let text: string;
  try {
    text = await fs.readFile(indexPath(root, key), 'utf8');
  } catch {
    return null;
  }
  try {
    const index = JSON.parse(text) as VersionIndexFile;
    return index.format === INDEX_FORMAT && index.key === key && Array.isArray(index.files) ? index : null;
  } catch {
    return null;
  }
}

export async function writeIndex(root: string, index: VersionIndexFile): Promise<void> {
  await writeFileAtomic(indexPath(root, index.key), JSON.stringify(index));
}
