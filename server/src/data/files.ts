/** The files of a version as the contract shows them: a nested tree, or a flat list of absolute paths. */
import type { FileEntry } from '../packages/types.ts';

export interface FlatFile {
  name: string;
  hash: string;
  size: number;
}
export type TreeItem = { type: 'directory'; name: string; files: TreeItem[] } | { type: 'file'; name: string; hash: string; size: number };

export function flatFiles(files: readonly FileEntry[]): FlatFile[] {
  return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => ({ name: f.path, hash: f.sha256, size: f.size }));
}

/** Directories first, then files, each by name, at every level. */
export function treeFiles(files: readonly FileEntry[]): TreeItem[] {
  const root: TreeItem[] = [];
  const dirs = new Map<string, TreeItem[]>([['', root]]);
  const dirOf = (path: string): TreeItem[] => {
    const existing = dirs.get(path);
    if (existing) return existing;
    const slash = path.lastIndexOf('/');
    const parent = dirOf(path.slice(0, Math.max(0, slash)));
    const files: TreeItem[] = [];
    parent.push({ type: 'directory', name: path.slice(slash + 1), files });
    dirs.set(path, files);
    return files;
  };
  for (const file of files) {
    const path = file.path.replace(/^\//, '');
    const slash = path.lastIndexOf('/');
    dirOf(slash < 0 ? '' : path.slice(0, slash)).push({ type: 'file', name: path.slice(slash + 1), hash: file.sha256, size: file.size });
  }
  const sort = (items: TreeItem[]): TreeItem[] => {
    items.sort((a, b) => (a.type !== b.type ? (a.type === 'directory' ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const item of items) if (item.type === 'directory') sort(item.files);
    return items;
  };
  return sort(root);
}
