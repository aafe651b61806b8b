/**
 * CDN URLs for link descriptors: `{cdnUrl}/npm/{name}@{version}/{file}`,
 * `{cdnUrl}/gh/{user}/{repo}@{version}/{file}`, and the combined `{cdnUrl}/combine/{part},{part}`.
 */
import { minifiedFileName, normalizeFilePath } from './fileNames';
import type { LinkDescriptor, VersionAlias } from './types';
import { aliasVersion, majorOnlyVersion } from './version';

export interface UrlOptions {
  /** Link the minified name instead (`x.js` -> `x.min.js`), which the CDN builds on request. */
  minify?: boolean;
  /** Shorten the version to its major when above 0 (the collection's alias option). */
  majorOnly?: boolean;
  /** Version aliasing of the install block; applied before `majorOnly`. Default `exact`. */
  alias?: VersionAlias;
}

function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The version a link names after the options, or `null` for none. */
export function linkVersion(version: string, options: UrlOptions = {}): string | null {
  const aliased = aliasVersion(version, options.alias ?? 'exact');
  if (aliased === null) return null;
  return options.majorOnly ? majorOnlyVersion(aliased) : aliased;
}

/** The file a link names after the options. */
export function linkFile(file: string, options: UrlOptions = {}): string {
  const path = normalizeFilePath(file);
  return options.minify ? minifiedFileName(path) : path;
}

/** The CDN path of one file without the host: `npm/lodash@4/lodash.min.js`. */
export function cdnPath(descriptor: LinkDescriptor, options: UrlOptions = {}): string {
  const version = linkVersion(descriptor.version, options);
  const at = version === null || version === '' ? '' : `@${version}`;
  return `${descriptor.type}/${descriptor.name}${at}${linkFile(descriptor.file, options)}`;
}

export function fileUrl(cdnUrl: string, descriptor: LinkDescriptor, options: UrlOptions = {}): string {
  return `${trimTrailingSlash(cdnUrl)}/${cdnPath(descriptor, options)}`;
}

/** The description of an `+esm` build (`?meta`): its pinned URL and integrity among what the CDN tells of it. */
export function buildMetaUrl(cdnUrl: string, descriptor: LinkDescriptor): string {
  return `${fileUrl(cdnUrl, descriptor)}?meta`;
}

/** One URL that serves several files joined in order (the CDN's `/combine/` endpoint). */
export function combinedUrl(cdnUrl: string, descriptors: readonly LinkDescriptor[], options: UrlOptions = {}): string {
  return `${trimTrailingSlash(cdnUrl)}/combine/${descriptors.map((descriptor) => cdnPath(descriptor, options)).join(',')}`;
}
