/**
 * What the package page loads, and only what it shows: the versions' names (and whether the package exists),
 * the page version (address, `latest` tag, first version; a repository without releases uses its latest
 * commit, or HEAD when that fails), then the version's package.json as npm reads it, entry points, readme
 * and, for npm, the version's known security advisories (a failure clears the count: none is shown). The file
 * tree is asked for only while the Files tab shows it (`usePackageFiles`). A version refused for its size is
 * told apart (`sizeExceeded`), by whichever answer says so first: the page then offers no link the CDN refuses.
 */
import {
  getEntrypoints,
  getPackageFiles,
  getPackageManifest,
  getPackageVersionNames,
  isApiErrorBody,
  useAsync,
  valueOf,
  type AsyncState,
  type PackageFilesTree,
} from '@skylift/shared';
import { isSizeExceeded } from '../notices/messages';
import { pickPageVersion } from '../model/pageVersion';
import type { PackageRef } from '../model/packageRef';
import { getAdvisories, getLatestCommit, getReadme } from '../data/packageApi';

export type PackageStatus = 'loading' | 'ready' | 'not-found' | 'failed';

/** The refusal's text when an answer says the version is over its size limit, else null. */
function sizeRefusal(...states: Array<AsyncState<unknown>>): string | null {
  for (const state of states) {
    const error: unknown = state.status === 'error' ? state.error : null;
    if (isApiErrorBody(error) && isSizeExceeded(error.message)) return error.message;
  }
  return null;
}

export function usePackageData(pkg: PackageRef, requestedVersion: string | null) {
  const versionsState = useAsync(
    () =>
      getPackageVersionNames(pkg.type, pkg.name).catch((error: unknown) => {
        // A package the operator does not serve keeps the data API's sentence saying so; other failures are told by status.
        throw isApiErrorBody(error) && error.status !== 403 ? error.status : error;
      }),
    [pkg.type, pkg.name],
  );
  const list = valueOf(versionsState);
  const versions = list?.versions ?? [];
  const noVersions = list !== undefined && versions.length === 0;

  const commitState = useAsync(noVersions && pkg.type === 'gh' ? () => getLatestCommit(pkg.name) : null, [pkg.name, noVersions, pkg.type]);
  const latestCommit = valueOf(commitState) ?? null;
  const versionsNotFound = noVersions && (pkg.type === 'npm' || commitState.status === 'error');

  let version: string | null = null;
  if (list && versions.length) version = pickPageVersion(versions, list.tags, requestedVersion);
  else if (noVersions && pkg.type === 'gh') version = latestCommit ?? (commitState.status === 'error' ? 'HEAD' : null);

  const ready = version !== null && !versionsNotFound;
  const manifestState = useAsync(ready ? () => getPackageManifest(pkg.type, pkg.name, version!) : null, [pkg.type, pkg.name, version, ready]);
  const entrypointsState = useAsync(ready && pkg.type === 'npm' ? () => getEntrypoints(pkg.type, pkg.name, version!) : null, [
    pkg.type,
    pkg.name,
    version,
    ready,
  ]);
  const readmeState = useAsync(version !== null && !(noVersions && pkg.type === 'npm') ? () => getReadme(pkg.type, pkg.name, version) : null, [
    pkg.type,
    pkg.name,
    version,
  ]);
  const advisoriesState = useAsync(
    ready && pkg.type === 'npm'
      ? () =>
          getAdvisories(pkg.name, version!).catch((error: unknown) => {
            console.warn('Failed to fetch vulnerability info', error);
            throw error;
          })
      : null,
    [pkg.type, pkg.name, version, ready],
  );

  let status: PackageStatus = 'loading';
  if (versionsState.status === 'error') status = versionsState.error === 404 ? 'not-found' : 'failed';
  else if (list) status = 'ready';

  // An address naming a version the package does not have is answered with another version: say so.
  const unknownVersion = requestedVersion && list && versions.length > 0 && !versions.includes(requestedVersion) ? requestedVersion : null;
  const manifest = manifestState.status === 'ok' ? manifestState.value : null;

  return {
    status,
    failure: versionsState.status === 'error' ? (versionsState.error as unknown) : null,
    unknownVersion,
    /** The registry's own tarball address of the version, when the data API gives one (never built from a registry host here). */
    tarballUrl: manifest?.tarball && /^https?:\/\//.test(manifest.tarball) ? manifest.tarball : null,
    versions,
    tags: list?.tags ?? {},
    version,
    versionsNotFound,
    noRelease: noVersions && pkg.type === 'gh',
    latestCommit,
    /** What the version's package.json says, as npm reads it; null while loading or when it failed. */
    manifest,
    /** undefined while loading (the install switch stays unset); null when there are none (or they failed). */
    entrypoints:
      pkg.type === 'gh' ? null : entrypointsState.status === 'ok' ? entrypointsState.value.entrypoints : entrypointsState.status === 'error' ? null : undefined,
    /** The refusal's text when the version is over the size limit (the entry points or, for a repository, its package.json say so), else null. */
    sizeExceeded: sizeRefusal(entrypointsState, manifestState),
    readme: readmeState as AsyncState<string>,
    /** The version's known advisories; null while loading, after a failure, and for repositories. */
    advisories: advisoriesState.status === 'ok' ? advisoriesState.value : null,
  };
}

/** The version's file tree, asked for only when `wanted` (the Files tab is showing); the refusal's text when it is over the size limit. */
export function usePackageFiles(
  pkg: PackageRef,
  version: string | null,
  wanted: boolean,
): { files: AsyncState<PackageFilesTree>; sizeExceeded: string | null } {
  const files = useAsync(wanted && version !== null ? () => getPackageFiles(pkg.type, pkg.name, version) : null, [pkg.type, pkg.name, version, wanted]);
  return { files, sizeExceeded: sizeRefusal(files) };
}
