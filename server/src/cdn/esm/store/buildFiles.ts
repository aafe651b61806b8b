/**
 * The files of a version a module build reads, looked up in the package store, each able to be had again.
 * A build reads its package's files for seconds; under a small file cache the disk budget can take one of
 * them meanwhile. Rather than fail the whole build on that one file, its read tells the store the file went
 * and looks it up again, which extracts the version once more (`packages/storedFile.ts`, `again`).
 */
import type { PackageStore, StoredFile } from '../../../packages/types.ts';

export async function buildFiles(store: PackageStore, name: string, version: string, paths: Iterable<string>): Promise<Map<string, StoredFile>> {
  const ref = { type: 'npm' as const, name };
  const again = (path: string, diskPath: string) => async (): Promise<StoredFile | null> => {
    await store.vanished(diskPath);
    return store.file(ref, version, path);
  };
  const found = await Promise.all([...paths].map(async (path) => [path, await store.file(ref, version, path)] as const));
  const files = new Map<string, StoredFile>();
  // The blob path is named: a stored file may carry it as a getter, which a spread does not copy.
  for (const [path, stored] of found)
    if (stored) files.set(path, stored.content ? stored : { ...stored, diskPath: stored.diskPath, again: again(path, stored.diskPath) });
  return files;
}
