/**
 * The per-version index: every file of an extracted version (path, size, SHA-256, time), its default file and
 * its manifest, in one JSON file per version written atomically after all its files are in the store. The index
 * file existing is what makes a version valid; a crash before that leaves nothing a reader would trust.
 *
 * In memory, a loaded version answers `file()` with one map lookup: paths map to ready-made StoredFile objects
 * carrying their blob path.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../documents/diskDocuments.ts';
import type { FileEntry, StoredFile } from '../types.ts';
import type { ContentStore } from './contentStore.ts';

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

export function toLoaded(index: VersionIndexFile, store: ContentStore, root: string): LoadedVersion {
  const files: FileEntry[] = [];
  const byPath = new Map<string, StoredFile>();
  for (const f of index.files) {
    const entry: FileEntry = { path: f.path, size: f.size, sha256: f.sha256, time: f.time };
    files.push(entry);
    byPath.set(f.path, { ...entry, diskPath: store.blobPath(f.sha256Hex) });
  }
  return { key: index.key, files, byPath, default: index.default, manifest: index.manifest, indexFile: indexPath(root, index.key), usedAt: Date.now() };
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
