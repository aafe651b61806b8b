/**
 * The file browser's rules: the location is a stack of directory names; a breadcrumb truncates
 * it, the back link pops one level, and a path that does not name a directory of the listing resets to the
 * root. Only the first 10 entries show until the visitor asks for all.
 */
import type { FileTreeDirectory, FileTreeEntry } from '@skylift/shared';

export const FIRST_ENTRIES = 10;

/** The entries at a path, or null when the path does not lead to a directory. */
export function entriesAt(files: readonly FileTreeEntry[], path: readonly string[]): FileTreeEntry[] | null {
  let current: readonly FileTreeEntry[] = files;
  for (const segment of path) {
    const directory = current.find((entry): entry is FileTreeDirectory => entry.type === 'directory' && entry.name === segment);
    if (!directory) return null;
    current = directory.files;
  }
  return sortEntries(current);
}

/** The path to show: the asked-for one when valid, the root otherwise. */
export function validPath(files: readonly FileTreeEntry[], path: readonly string[]): string[] {
  return entriesAt(files, path) === null ? [] : [...path];
}

/** Directories first, then files, each by name, as file managers list them. */
export function sortEntries(entries: readonly FileTreeEntry[]): FileTreeEntry[] {
  return [...entries].sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
}

export function visibleEntries<T>(entries: readonly T[], showAll: boolean): T[] {
  return showAll ? [...entries] : entries.slice(0, FIRST_ENTRIES);
}

/** The absolute path of an entry at a location: `/dist/lib.js`. */
export function entryPath(path: readonly string[], name: string): string {
  return `/${[...path, name].join('/')}`;
}

export interface Breadcrumb {
  label: string;
  /** The path a click on it leads to. */
  path: string[];
}

export function breadcrumbs(packageName: string, path: readonly string[]): Breadcrumb[] {
  return [{ label: packageName, path: [] }, ...path.map((segment, index) => ({ label: segment, path: path.slice(0, index + 1) }))];
}
