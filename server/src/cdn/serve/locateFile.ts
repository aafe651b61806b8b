/**
 * Finds what a file path of an exact version serves: the stored file, or a minified file (or its source
 * map) generated from its unminified original, or a folder (which the caller redirects to its listing).
 */
import { PackageError, type PackageRef } from '../../packages/types.ts';
import type { Artifact } from '../derived/artifactStore.ts';
import { isDirectory } from '../listing/directoryEntries.ts';
import { generatedTargetFor } from '../minify/generatedNames.ts';
import type { CdnContext } from './cdnContext.ts';

export type Located = { kind: 'file'; body: Artifact; generated: boolean } | { kind: 'directory' };

/**
 * `client`: who asked (`ctx.clientKey`), on whose account a minified file is made. `early`: the stored file is
 * answered as it is, so it may come out of a downloading archive before its version is checked
 * (`StoredFile.pending`); not for a file that goes into something kept, such as a combined file.
 */
export async function locateFile(ctx: CdnContext, ref: PackageRef, version: string, path: string, client = '', early = false): Promise<Located> {
  const stored = await ctx.store.file(ref, version, path, { early });
  if (stored) return { kind: 'file', body: stored, generated: false };
  const target = generatedTargetFor(path);
  // A map is generated only beside a generated file: an existing x.min.js has its own map, or none.
  const generatable = target && (!target.map || (await ctx.store.file(ref, version, target.minifiedPath)) === null);
  if (target && generatable) {
    const source = await ctx.store.file(ref, version, target.sourcePath);
    if (source) {
      const minified = await ctx.minifier.get(ref, version, target, source, client);
      if (!target.map) return { kind: 'file', body: minified.code, generated: true };
      if (minified.map) return { kind: 'file', body: minified.map, generated: true };
    }
  }
  const listing = await ctx.store.listing(ref, version).catch((error: unknown) => {
    // A version over its size limit has no listing, but its files are served one by one: this one is not in it.
    if (error instanceof PackageError && error.message.startsWith('Package size exceeded')) throw PackageError.fileNotFound(path);
    throw error;
  });
  if (isDirectory(listing.files, path)) return { kind: 'directory' };
  throw PackageError.fileNotFound(path);
}
