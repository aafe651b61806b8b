/**
 * The addresses of a package's metadata, pure so that the web server writes into a package page's HTML the very
 * addresses the page then asks for (it preloads them), and the page builds them the same way.
 */

export type PackagePathType = 'npm' | 'gh';

/** Encodes a package name or version for a path while keeping the `@` and `/` of scoped and gh names. */
export function encodePathPart(part: string): string {
  return part
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, '@'))
    .join('/');
}

/** `{type}/{name}`, with `@{version}` when a version is given. */
export function packagePath(type: PackagePathType, name: string, version?: string): string {
  return `${type}/${encodePathPart(name)}${version === undefined ? '' : `@${encodePathPart(version)}`}`;
}

/** What a package page asks of the data API (paths under `/v1/packages/`) and of the web server (the readme) before anything else. */
export const packagePageRequests = {
  versionNames: (type: PackagePathType, name: string): string => `/v1/packages/${packagePath(type, name)}/versions`,
  manifest: (type: PackagePathType, name: string, version: string): string => `/v1/packages/${packagePath(type, name, version)}/manifest`,
  entrypoints: (type: PackagePathType, name: string, version: string): string => `/v1/packages/${packagePath(type, name, version)}/entrypoints`,
  readme: (type: PackagePathType, name: string, version: string | null): string =>
    `/readme/${type}/${encodePathPart(name)}${version ? `/${encodePathPart(version)}` : ''}`,
};
