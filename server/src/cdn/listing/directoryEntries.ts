/** The immediate children of a folder of a version, from the flat file list the package layer gives. */
import type { FileEntry } from '../../packages/types.ts';

export interface DirectoryEntry {
  name: string;
  type: 'file' | 'directory';
  /** Bytes: the file's size, or the total of everything below a directory; -1 when not known. */
  size: number;
  /** Latest modification time below (ISO 8601). */
  time: string;
}

/** `dir` is '/' or '/a/b/' (with the slash). Returns null when no file lives under it. */
export function directoryEntries(files: readonly FileEntry[], dir: string): DirectoryEntry[] | null {
  const children = new Map<string, DirectoryEntry>();
  let found = false;
  for (const file of files) {
    if (!file.path.startsWith(dir)) continue;
    found = true;
    const rest = file.path.slice(dir.length);
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    const type = slash === -1 ? 'file' : 'directory';
    const key = `${type}:${name}`;
    const entry = children.get(key) ?? { name, type, size: 0, time: file.time };
    entry.size += file.size;
    if (file.time > entry.time) entry.time = file.time;
    children.set(key, entry);
  }
  if (!found) return null;
  return [...children.values()].sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
}

/** True when `path` (no trailing slash) is a folder of the version rather than a file. */
export function isDirectory(files: readonly FileEntry[], path: string): boolean {
  const prefix = `${path}/`;
  return files.some((file) => file.path.startsWith(prefix));
}
