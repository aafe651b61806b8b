/**
 * Everything the package page loads, in this order: versions (and whether the package exists),
 * the page version (address, `latest` tag, first version; a repository without releases uses its latest
 * commit, or HEAD when that fails), then the version's package.json, entry points, file tree, readme and,
 * for npm, the version's known security advisories (a failure clears the count: none is shown). A listing
 * refused for the version's size is told apart (`sizeExceeded`): the page then offers no link the CDN refuses.
 */
import { getEntrypoints, getPackageFiles, getPackageVersions, isApiErrorBody, useAsync, valueOf, type AsyncState } from '@skylift/shared';
import { isSizeExceeded } from '../notices/messages';
import { pickPageVersion } from '../model/pageVersion';
import type { PackageRef } from '../model/packageRef';
import { getAdvisories, getLatestCommit, getManifest, getReadme } from '../data/packageApi';

export type PackageStatus = 'loading' | 'ready' | 'not-found' | 'failed';

export function usePackageData(pkg: PackageRef, requestedVersion: string | null) {
  const versionsState = useAsync(
    () =>
      getPackageVersions(pkg.type, pkg.name).catch((error: unknown) => {
        // A package the operator does not serve keeps the data API's sentence saying so; other failures are told by status.
        throw isApiErrorBody(error) && error.status !== 403 ? error.status : error;
      }),
    [pkg.type, pkg.name],
  );
  const list = valueOf(versionsState);
  const versions = list ? list.versions.map((entry) => entry.version) : [];
  const noVersions = list !== undefined && versions.length === 0;

  const commitState = useAsync(noVersions && pkg.type === 'gh' ? () => getLatestCommit(pkg.name) : null, [pkg.name, noVersions, pkg.type]);
  const latestCommit = valueOf(commitState) ?? null;
  const versionsNotFound = noVersions && (pkg.type === 'npm' || commitState.status === 'error');

  let version: string | null = null;
  if (list && versions.length) version = pickPageVersion(versions, list.tags, requestedVersion);
  else if (noVersions && pkg.type === 'gh') version = latestCommit ?? (commitState.status === 'error' ? 'HEAD' : null);

  const ready = version !== null && !(noVersions && pkg.type === 'npm');
  const manifestState = useAsync(ready && pkg.type === 'npm' ? () => getManifest(pkg.type, pkg.name, version!) : null, [pkg.type, pkg.name, version, ready]);
  const entrypointsState = useAsync(
    ready && pkg.type === 'npm'
      ? () =>
          getEntrypoints(pkg.type, pkg.name, version!).then(
            (answer) => answer.entrypoints,
            () => null,
          )
      : null,
    [pkg.type, pkg.name, version, ready],
  );
  const filesState = useAsync(ready && !versionsNotFound ? () => getPackageFiles(pkg.type, pkg.name, version!) : null, [
    pkg.type,
    pkg.name,
    version,
    ready,
    versionsNotFound,
  ]);
  const readmeState = useAsync(ready ? () => getReadme(pkg.type, pkg.name, version) : null, [pkg.type, pkg.name, version, ready]);
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

  // The registry's own tarball address, when the data API passes it on with the version (never built from a registry host here).
  const versionLinks: Record<string, unknown> = list?.versions.find((entry) => entry.version === version)?.links ?? {};
  const tarballUrl = typeof versionLinks['tarball'] === 'string' && /^https?:\/\//.test(versionLinks['tarball']) ? versionLinks['tarball'] : null;

  // An address naming a version the package does not have is answered with another version: say so.
  const unknownVersion = requestedVersion && list && versions.length > 0 && !versions.includes(requestedVersion) ? requestedVersion : null;

  // The version's files are refused for its size: its listing, default files and +esm build answer 403 alike.
  const filesError: unknown = filesState.status === 'error' ? filesState.error : null;
  const sizeExceeded = isApiErrorBody(filesError) && isSizeExceeded(filesError.message) ? filesError.message : null;

  return {
    status,
    failure: versionsState.status === 'error' ? (versionsState.error as unknown) : null,
    unknownVersion,
    tarballUrl,
    versions,
    tags: list?.tags ?? {},
    version,
    versionsNotFound,
    noRelease: noVersions && pkg.type === 'gh',
    latestCommit,
    manifest: manifestState.status === 'ok' ? manifestState.value : null,
    /** undefined while loading (the install switch stays unset); null when there are none. */
    entrypoints: pkg.type === 'gh' ? null : entrypointsState.status === 'ok' ? entrypointsState.value : undefined,
    files: filesState,
    /** The refusal's text when the version is over the size limit, else null. */
    sizeExceeded,
    readme: readmeState as AsyncState<string>,
    /** The version's known advisories; null while loading, after a failure, and for repositories. */
    advisories: advisoriesState.status === 'ok' ? advisoriesState.value : null,
  };
}
