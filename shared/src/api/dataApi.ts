/**
 * Typed calls of the data API that the website makes. Every URL is built on
 * the runtime configuration's `dataApiUrl`, so the same build works against any deployment; answers are
 * cached by full URL in the generic helper.
 */
import { getRuntimeConfig } from '../config/runtimeConfig';
import { getJson, getJsonPage, type GetJsonOptions, type Paged } from './http';
import type {
  BadgeStyle,
  ContinentCode,
  FileStats,
  ImportMapAnswer,
  NetworkContentStats,
  NetworkCountryStats,
  NetworkStats,
  PackageEntrypoints,
  PackageFilesFlat,
  PackageFilesTree,
  PackageManifest,
  PackageStats,
  PackageType,
  PackageVersionNames,
  PackageVersionsList,
  Period,
  ProxyFileStats,
  ProxyStats,
  ShareRow,
  SortBy,
  StatsPeriodEntry,
  TopPackage,
  VersionStats,
} from './types';

import { encodePathPart, packagePageRequests, packagePath } from '@skylift/shared/pages';

export { encodePathPart, packagePageRequests } from '@skylift/shared/pages';

type QueryValue = string | number | undefined | null;

/**
 * The full URL of a data API path with the given query; parameters that are undefined, null or empty are
 * left out, so the same call always produces the same URL (and so the same cache entry).
 */
export function dataApiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const base = getRuntimeConfig().dataApiUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const queryString = search.toString();
  return `${base}${path}${queryString ? `?${queryString}` : ''}`;
}

export interface PagingQuery {
  period?: Period;
  by?: SortBy;
  limit?: number;
  page?: number;
}

export interface LocationFilter {
  /** ISO 3166-1 alpha-2 code; excludes `continent`. */
  country?: string;
  continent?: ContinentCode;
}

// Package metadata

/** Versions (newest first) and dist-tags of a package. */
export async function getPackageVersions(type: PackageType, name: string, options?: GetJsonOptions): Promise<PackageVersionsList> {
  return getJson(dataApiUrl(`/v1/packages/${packagePath(type, name)}`), options);
}

/** The versions' names alone (newest first) and dist-tags: a page listing versions needs no link of each. */
export async function getPackageVersionNames(type: PackageType, name: string, options?: GetJsonOptions): Promise<PackageVersionNames> {
  return getJson(dataApiUrl(packagePageRequests.versionNames(type, name)), options);
}

/** What a version's package.json says (description, keywords, repository, people, licence), normalised as npm does. */
export async function getPackageManifest(type: PackageType, name: string, version: string, options?: GetJsonOptions): Promise<PackageManifest> {
  return getJson(dataApiUrl(packagePageRequests.manifest(type, name, version)), options);
}

/** The files of one version as a tree, with the default file. */
export async function getPackageFiles(type: PackageType, name: string, version: string, options?: GetJsonOptions): Promise<PackageFilesTree> {
  return getJson(dataApiUrl(`/v1/packages/${packagePath(type, name, version)}`), options);
}

/** The files of one version as a flat list of absolute paths with their hashes. */
export async function getPackageFlatFiles(type: PackageType, name: string, version: string, options?: GetJsonOptions): Promise<PackageFilesFlat> {
  return getJson(dataApiUrl(`/v1/packages/${packagePath(type, name, version)}`, { structure: 'flat' }), options);
}

/** The recommended JS and CSS files of one version. */
export async function getEntrypoints(type: PackageType, name: string, version: string, options?: GetJsonOptions): Promise<PackageEntrypoints> {
  return getJson(dataApiUrl(packagePageRequests.entrypoints(type, name, version)), options);
}

// Package statistics

/** Requests and bandwidth of a package over a period, with daily series and rank. */
/** An import map for package specs (`react@18, react-dom@18/client, lit`); rejects with the API's error body. */
export async function getImportMap(packages: string): Promise<ImportMapAnswer> {
  return getJson(dataApiUrl('/v1/importmap', { packages }));
}

export async function getPackageStats(type: PackageType, name: string, period?: Period): Promise<PackageStats> {
  return getJson(dataApiUrl(`/v1/stats/packages/${packagePath(type, name)}`, { period }));
}

/** The most used versions of a package, one page at a time. */
export async function getPackageVersionsStats(type: PackageType, name: string, query: PagingQuery = {}): Promise<Paged<VersionStats>> {
  return getJsonPage(dataApiUrl(`/v1/stats/packages/${packagePath(type, name)}/versions`, pagingParams(query)));
}

/** The most used files of one version, one page at a time. */
export async function getVersionFilesStats(type: PackageType, name: string, version: string, query: PagingQuery = {}): Promise<Paged<FileStats>> {
  return getJsonPage(dataApiUrl(`/v1/stats/packages/${packagePath(type, name, version)}/files`, pagingParams(query)));
}

export interface TopPackagesQuery extends PagingQuery {
  /** Leave out for every type; `wp` for WordPress.org plugins and themes. */
  type?: TopPackage['type'];
}

/** The most popular packages (the projects table of /statistics and the home page). */
export async function getTopPackages(query: TopPackagesQuery = {}): Promise<Paged<TopPackage>> {
  return getJsonPage(dataApiUrl('/v1/stats/packages', { type: query.type, ...pagingParams(query) }));
}

/** How many packages have statistics in a period: asks for one row and reads only the total-count header. */
export async function getTopPackagesCount(query: Omit<TopPackagesQuery, 'limit' | 'page'> = {}): Promise<number> {
  return (await getTopPackages({ ...query, limit: 1, page: 1 })).totalCount;
}

// Network statistics

/** `fresh` reads the totals again rather than the answer kept from earlier in the visit (a live figure). */
export async function getNetworkStats(query: { period?: Period } & LocationFilter = {}, { fresh = false } = {}): Promise<NetworkStats> {
  return getJson(dataApiUrl('/v1/stats/network', { period: query.period, country: query.country, continent: query.continent }), { fresh });
}

export async function getNetworkContent(period?: Period): Promise<NetworkContentStats> {
  return getJson(dataApiUrl('/v1/stats/network/content', { period }));
}

export async function getNetworkCountries(period?: Period): Promise<NetworkCountryStats> {
  return getJson(dataApiUrl('/v1/stats/network/countries', { period }));
}

/** Every concrete period for which statistics exist, newest first. */
export async function getPeriods(): Promise<StatsPeriodEntry[]> {
  return getJson(dataApiUrl('/v1/stats/periods'));
}

// Custom endpoints (proxies)

export async function getProxyStats(name: string, period?: Period): Promise<ProxyStats> {
  return getJson(dataApiUrl(`/v1/stats/proxies/${encodePathPart(name)}`, { period }));
}

export async function getProxyFiles(name: string, query: PagingQuery = {}): Promise<Paged<ProxyFileStats>> {
  return getJsonPage(dataApiUrl(`/v1/stats/proxies/${encodePathPart(name)}/files`, pagingParams(query)));
}

// Platforms and browsers

export type ShareKind = 'platforms' | 'browsers';

export interface ShareQuery extends LocationFilter {
  period?: Period;
  page?: number;
  limit?: number;
}

/**
 * The top platforms or browsers. `path` narrows the list: [] for the top list, ['versions'] for all
 * versions, [name, 'versions'|'countries'|'browsers'|'platforms'] for one item's breakdown, or
 * [name, 'versions', version, 'countries'] for one version's countries.
 */
export async function getShareStats(kind: ShareKind, path: readonly string[] = [], query: ShareQuery = {}): Promise<Paged<ShareRow>> {
  const suffix = path.map((segment) => `/${encodeURIComponent(segment)}`).join('');
  return getJsonPage(
    dataApiUrl(`/v1/stats/${kind}${suffix}`, {
      period: query.period,
      page: query.page,
      limit: query.limit,
      country: query.country,
      continent: query.continent,
    }),
  );
}

// Badges

/** The URL of a package's badge image (for an <img> and for the copyable markdown). */
export function badgeUrl(type: PackageType, name: string, style: BadgeStyle = 'square'): string {
  return dataApiUrl(`/v1/package/${packagePath(type, name)}/badge`, { style: style === 'rounded' ? 'rounded' : undefined });
}

function pagingParams(query: PagingQuery): Record<string, QueryValue> {
  return { period: query.period, by: query.by, limit: query.limit, page: query.page };
}
