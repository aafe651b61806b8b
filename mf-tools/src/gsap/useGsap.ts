/**
 * GSAP's versions, and for the chosen one its core file (the JS entry point) and dist files, from our data
 * API. A failed versions call is logged as "Gsap versions not found." and leaves an empty state.
 */
import { getEntrypoints, getPackageFiles, getPackageVersions, useAsync, useRuntimeConfig, valueOf, type FileTreeEntry } from '@skylift/shared';
import { PACKAGE } from './gsapLinks';

export interface GsapData {
  /** Newest first. */
  versions: string[];
  /** The version at the chosen index, once the versions are known. */
  version: string | null;
  coreFile: string | null;
  tree: FileTreeEntry[];
  state: 'loading' | 'ready' | 'failed';
}

const NO_VERSIONS: string[] = [];
const NO_FILES: FileTreeEntry[] = [];

export function useGsap(versionIndex: number): GsapData {
  const config = useRuntimeConfig();
  const listed = useAsync(
    config
      ? () =>
          getPackageVersions('npm', PACKAGE).then(
            (list) => list.versions.map((v) => v.version),
            (error: unknown) => {
              console.error('Gsap versions not found.', error);
              throw error;
            },
          )
      : null,
    [config],
  );
  const versions = valueOf(listed) ?? NO_VERSIONS;
  const version = versions[versionIndex] ?? null;

  // Changing the version reloads the core file and the plugin files.
  const files = useAsync(
    version
      ? () =>
          Promise.all([getEntrypoints('npm', PACKAGE, version).catch(() => null), getPackageFiles('npm', PACKAGE, version)]).then(([entrypoints, listing]) => ({
            coreFile: entrypoints?.entrypoints.js?.file ?? listing.default ?? null,
            tree: listing.files,
          }))
      : null,
    [version],
  );

  const loaded = valueOf(files);
  const state: GsapData['state'] = listed.status === 'error' || files.status === 'error' ? 'failed' : loaded ? 'ready' : 'loading';
  return { versions, version, coreFile: loaded?.coreFile ?? null, tree: loaded?.tree ?? NO_FILES, state };
}
