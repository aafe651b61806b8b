/**
 * What the partner widget shows, fetched from the data API: the latest version, its default file's URL and
 * tag, and the requests of the last month. Only a package that cannot be loaded at all is an error;
 * a missing default file or missing statistics just show less (swallows those fetch errors).
 */
// From the package root: the data API client must read the runtime configuration instance that was loaded.
import { getEntrypoints, getPackageFlatFiles, getPackageStats, getPackageVersions } from '@skylift/shared';
import type { PackageType, RuntimeConfig } from '@skylift/shared';
import { fileKindOf, fileUrl, htmlFor, importNameOf } from '@skylift/shared/links';
import { failureCauseText } from '../notices/messages';

export interface WidgetData {
  type: PackageType;
  name: string;
  /** The latest version, or null for a GitHub repository without releases (the CDN then serves the default branch). */
  version: string | null;
  /** The default file's path, or null when neither the package nor its entrypoints name one. */
  file: string | null;
  url: string;
  /** The tag for the URL, or null when the file has no HTML form. */
  html: string | null;
  /** Requests and bytes of the last 30 days; null when statistics could not be read. */
  monthHits: number | null;
  monthBandwidth: number | null;
  /** The package's page on the website. */
  pageUrl: string;
}

export class WidgetLoadError extends Error {
  override name = 'WidgetLoadError';
}

/** The error texts. */
export function notFoundText(name: string): string {
  return `Package ${name} was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.`;
}

export function failedText(name: string): string {
  return `Package ${name} failed to load. There might be a problem with your internet connection. Try refreshing the page a few times. If the problem persists, file an issue on GitHub.`;
}

async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

async function defaultFileOf(type: PackageType, name: string, version: string): Promise<string | null> {
  const files = await orNull(getPackageFlatFiles(type, name, version));
  if (files?.default) return files.default;
  const entrypoints = await orNull(getEntrypoints(type, name, version));
  return entrypoints?.entrypoints?.js?.file ?? entrypoints?.entrypoints?.css?.file ?? null;
}

export async function loadWidgetData(config: RuntimeConfig, type: PackageType, name: string): Promise<WidgetData> {
  let version: string | null;
  try {
    const versions = await getPackageVersions(type, name, { rejectWithStatus: true });
    version = versions.tags['latest'] ?? versions.versions[0]?.version ?? null;
  } catch (status) {
    // The same words as the package page: an HTTP status names who failed, not the visitor's connection.
    throw new WidgetLoadError(status === 404 ? notFoundText(name) : failureCauseText(name, type, status));
  }
  const [file, stats] = await Promise.all([version ? defaultFileOf(type, name, version) : Promise.resolve(null), orNull(getPackageStats(type, name, 'month'))]);
  const url = file
    ? fileUrl(config.cdnUrl, { type, name, version: version ?? '', file })
    : `${config.cdnUrl.replace(/\/+$/, '')}/${type}/${name}${version ? `@${version}` : ''}`;
  // Without a file the CDN answers the package's default file, which is JavaScript.
  const kind = file ? fileKindOf(file) : 'js';
  return {
    type,
    name,
    version,
    file,
    url,
    html: htmlFor(url, kind, { importName: importNameOf(name) }),
    monthHits: stats?.hits.total ?? null,
    monthBandwidth: stats?.bandwidth.total ?? null,
    pageUrl: `${config.wwwUrl.replace(/\/+$/, '')}/package/${type}/${name}`,
  };
}
