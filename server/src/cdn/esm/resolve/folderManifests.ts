/**
 * The package.json files of a version's folders ('/addClass/package.json'), which packages of the pre-`exports`
 * era publish so that `dom-helpers/addClass` and `./addClass` reach `../esm/addClass.js`: browser bundlers
 * read such a folder's `browser` string, `module` and `main` before its index (`entry.ts`, probeFile). Read
 * once per version and given to the resolution as `PackageFiles.folderManifest`.
 */
import type { StoredFile } from '../../../packages/types.ts';
import type { PackageFiles } from './entry.ts';
import { readStoredText } from '../../../packages/storedFile.ts';

/** Folder ('/addClass') -> its parsed package.json. */
export type FolderManifests = ReadonlyMap<string, Record<string, unknown>>;

/** More folder manifests than this are not read: a package of that shape (@mui/material has about 300) fits well below it. */
const MAX_FOLDER_MANIFESTS = 2000;

const FOLDER_MANIFEST = /^(\/.+)\/package\.json$/;

/** The folders with a package.json of their own among `paths`, the root and bundled dependencies left out. */
export function folderManifestPaths(paths: Iterable<string>): string[] {
  return [...paths].filter((p) => FOLDER_MANIFEST.test(p) && !p.includes('/node_modules/')).sort();
}

/** Reads the folder manifests of a version's files; one that is not a JSON object is left out. */
export async function readFolderManifests(files: ReadonlyMap<string, Pick<StoredFile, 'diskPath'>>): Promise<FolderManifests> {
  const found = new Map<string, Record<string, unknown>>();
  const paths = folderManifestPaths(files.keys());
  if (paths.length > MAX_FOLDER_MANIFESTS) return found;
  await Promise.all(
    paths.map(async (p) => {
      try {
        const parsed = JSON.parse(await readStoredText(files.get(p)!)) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) found.set(FOLDER_MANIFEST.exec(p)![1]!, parsed as Record<string, unknown>);
      } catch {
        // A broken folder manifest is ignored, as bundlers then fall back to the folder's index.
      }
    }),
  );
  return found;
}

/**
 * The package's files as the resolution sees them, folder manifests included, and the package's own manifest as
 * the root folder's (`require("../")` from a file one level down names the package itself: Node and bundlers
 * take its `main`, as for any folder with a package.json).
 */
export function packageFiles(has: (path: string) => boolean, folders: FolderManifests | undefined, root: Record<string, unknown>): PackageFiles {
  return { has, folderManifest: (folder) => (folder === '' ? root : (folders?.get(folder) ?? null)) };
}
