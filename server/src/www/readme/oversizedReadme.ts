/**
 * The readme of an npm version over its size limit. Its listing is refused, but its single files are served
 * (taken one by one out of the tarball, the first read remembering every path it holds, so later misses cost
 * no download): the readme is looked for under the names `findReadme` accepts, in its order of preference.
 */
import { PackageError, type PackageRef, type PackageStore, type StoredFile } from '../../packages/types.ts';

/** The top-level readme names npm packages publish, most common spellings first within each extension. */
const CANDIDATES = ['.md', '.markdown', '.mdown', '.mkdn', '', '.txt', '.rst'].flatMap((extension) =>
  ['README', 'readme', 'Readme', 'ReadMe'].map((base) => `/${base}${extension}`),
);

/** The refusal of a version over its size limit (not of an unsafe archive). */
export function isSizeRefusal(error: unknown): error is PackageError {
  return error instanceof PackageError && error.status === 403 && error.message.startsWith('Package size exceeded');
}

export interface OversizedReadme {
  path: string;
  stored: StoredFile;
}

/**
 * The version's readme taken singly, or null when it has none; a readme over the single-file limit counts as
 * none. Other failures (upstream down, tampered tarball) are thrown as they are.
 */
export async function readOversizedReadme(store: PackageStore, ref: PackageRef, version: string): Promise<OversizedReadme | null> {
  for (const path of CANDIDATES) {
    try {
      const stored = await store.file(ref, version, path);
      if (stored) return { path, stored };
    } catch (error) {
      if (error instanceof PackageError && error.status === 403 && error.message.startsWith('File size exceeded')) return null;
      throw error;
    }
  }
  return null;
}
