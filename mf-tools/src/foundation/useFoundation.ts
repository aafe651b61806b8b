/**
 * Foundation's versions and the files of the chosen version, from our data API. Failures are logged with
 * the page's texts ("Package versions not found.", "Package files not found.") and leave an empty state.
 */
import { useState } from 'react';
import { getPackageFlatFiles, getPackageVersions, useAsync, useRuntimeConfig, valueOf } from '@skylift/shared';
import type { LinkDescriptor } from '@skylift/shared/links';
import { PACKAGE, distFiles, foundationVersions } from './foundationFiles';

export interface FoundationData {
  versions: string[];
  version: string | null;
  setVersion(version: string): void;
  files: LinkDescriptor[];
  /** The registry's tarball of the chosen version, as the data API reports it. */
  tarball: string | null;
  state: 'loading' | 'ready' | 'failed';
}

const NO_VERSIONS: string[] = [];
const NO_FILES: LinkDescriptor[] = [];

interface VersionList {
  versions: string[];
  /** Registry tarball by version. */
  tarballs: Record<string, string>;
  /** The version shown first: latest when it is one of ours, otherwise the newest. */
  initial: string | null;
}

async function loadVersions(): Promise<VersionList> {
  const list = await getPackageVersions('npm', PACKAGE).catch((error: unknown) => {
    console.error('Package versions not found.', error);
    throw error;
  });
  const versions = foundationVersions(list.versions.map((v) => v.version));
  const tarballs: Record<string, string> = {};
  for (const v of list.versions) {
    const tarball = (v.links as { tarball?: unknown }).tarball;
    if (typeof tarball === 'string') tarballs[v.version] = tarball;
  }
  const latest = list.tags['latest'];
  return { versions, tarballs, initial: latest && versions.includes(latest) ? latest : (versions[0] ?? null) };
}

async function loadFiles(version: string): Promise<LinkDescriptor[]> {
  const listing = await getPackageFlatFiles('npm', PACKAGE, version).catch((error: unknown) => {
    console.error('Package files not found.', error);
    throw error;
  });
  return distFiles(listing.files, version);
}

export function useFoundation(): FoundationData {
  const config = useRuntimeConfig();
  const listed = useAsync(config ? loadVersions : null, [config]);
  const list = valueOf(listed);
  const [chosen, setVersion] = useState<string | null>(null);
  const version = chosen ?? list?.initial ?? null;
  const files = useAsync(version ? () => loadFiles(version) : null, [version]);

  const noVersions = listed.status === 'error' || list?.versions.length === 0;
  const state: FoundationData['state'] = noVersions || files.status === 'error' ? 'failed' : files.status === 'ok' ? 'ready' : 'loading';
  return {
    versions: list?.versions ?? NO_VERSIONS,
    version,
    setVersion,
    files: valueOf(files) ?? NO_FILES,
    tarball: version ? (list?.tarballs[version] ?? null) : null,
    state,
  };
}
