/**
 * Shapes of the data API's answers (spec 000 §3 and §7, spec 002 §3 and §7), following the API's
 * OpenAPI description. Only the fields the website reads are required; everything else is optional so a
 * newer server can add fields without breaking the client.
 */

export type PackageType = 'npm' | 'gh';

/** `YYYY-MM-DD` keyed series. */
export type DateSeries = Record<string, number>;
/** `YYYY-MM-DD` keyed series whose values carry a total (network and provider breakdowns). */
export type DateTotalSeries = Record<string, { total: number }>;

/** A floating period, a static period or a concrete one (`2026-10`, `2026-Q3`, `2026`). */
export type FloatingPeriod = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type StaticPeriodType = 's-month' | 's-quarter' | 's-year';
export type Period = FloatingPeriod | StaticPeriodType | string;

export type SortBy = 'hits' | 'bandwidth';
export type ContinentCode = 'AF' | 'AN' | 'AS' | 'EU' | 'NA' | 'OC' | 'SA';
/** The badge styles of the contract (BadgeStyle): square is the default and is not sent. */
export type BadgeStyle = 'square' | 'rounded';

// Package metadata

export interface PackageVersionsList {
  type: PackageType;
  name: string;
  /** dist-tags to versions; always empty for GitHub repositories. */
  tags: Record<string, string>;
  /** All versions, newest first. */
  versions: Array<{ version: string; links: { self: string; entrypoints?: string; stats: string } }>;
  links?: { stats: string };
}

export interface FileTreeFile {
  type: 'file';
  name: string;
  /** base64-encoded sha256 of the contents. */
  hash: string;
  size: number;
}

export interface FileTreeDirectory {
  type: 'directory';
  name: string;
  files: FileTreeEntry[];
}

export type FileTreeEntry = FileTreeFile | FileTreeDirectory;

export interface PackageFilesTree {
  type: PackageType;
  name: string;
  version: string;
  /** Path of the default file, or null when the author set none (always null for GitHub). */
  default: string | null;
  files: FileTreeEntry[];
  links?: { stats: string };
}

export interface FlatFile {
  /** Absolute path within the package, starting with "/". */
  name: string;
  hash: string;
  size: number;
}

export interface PackageFilesFlat {
  type: PackageType;
  name: string;
  version: string;
  default: string | null;
  files: FlatFile[];
  links?: { stats: string };
}

export interface Entrypoint {
  file: string;
  /** true when found by heuristics rather than by the package's own metadata. */
  guessed: boolean;
}

export interface PackageEntrypoints {
  entrypoints: { js?: Entrypoint; css?: Entrypoint };
}

// Statistics

export interface RankedTotal {
  rank: number | null;
  typeRank: number | null;
  total: number;
}

export interface PackageStats {
  hits: RankedTotal & { dates: DateSeries; prev: RankedTotal };
  bandwidth: RankedTotal & { dates: DateSeries; prev: RankedTotal };
  links?: { versions: string };
}

export interface VersionStats {
  /** `version` for npm; `branch` or `commit` can appear for GitHub. */
  type: 'version' | 'branch' | 'commit';
  version: string;
  hits: { total: number; dates: DateSeries };
  bandwidth: { total: number; dates: DateSeries };
  links?: { self: string; files: string };
}

export interface FileStats {
  name: string;
  hits: { total: number; dates?: DateSeries };
  bandwidth: { total: number; dates?: DateSeries };
}

export interface TopPackage {
  type: PackageType;
  name: string;
  hits: number;
  bandwidth: number;
  prev: { hits: number; bandwidth: number };
  links?: { self: string; versions: string };
}

export interface PrevTotal {
  total: number;
}

export interface ProviderSeries {
  code: string;
  name: string;
  total: number;
  dates: DateTotalSeries;
  prev: PrevTotal;
}

export interface NetworkStats {
  hits: { total: number; providers: ProviderSeries[]; prev: PrevTotal };
  bandwidth: { total: number; providers: ProviderSeries[]; prev: PrevTotal };
}

export interface ContentSeries {
  total: number;
  dates: DateTotalSeries;
  prev: PrevTotal;
}

export interface NetworkContentStats {
  hits: { total: number; packages: ContentSeries; proxies: ContentSeries; other: ContentSeries; prev: PrevTotal };
  bandwidth: { total: number; packages: ContentSeries; proxies: ContentSeries; other: ContentSeries; prev: PrevTotal };
}

export interface CountryStats {
  code: string;
  name: string;
  total: number;
  providers: Array<{ code: string; name: string; total: number }>;
  prev: PrevTotal;
}

export interface NetworkCountryStats {
  hits: { total: number; countries: CountryStats[]; prev: PrevTotal };
  bandwidth: { total: number; countries: CountryStats[]; prev: PrevTotal };
}

export type StatsLinkKind = 'browsers' | 'network' | 'packages' | 'platforms' | 'proxies';

/** One entry of `/v1/stats/periods`: a concrete period for which statistics exist. */
export interface StatsPeriodEntry {
  /** `YYYY`, `YYYY-MM` or `YYYY-Qq`. */
  period: string;
  periodType: StaticPeriodType;
  /** Which statistics exist for the period: one link per kind. */
  links: Partial<Record<StatsLinkKind, string>>;
}

export interface ProxyStats {
  hits: { total: number; dates: DateSeries; prev: PrevTotal; rank?: number | null };
  bandwidth: { total: number; dates: DateSeries; prev: PrevTotal };
  links?: { files: string };
}

export interface ProxyFileStats {
  name: string;
  hits: { total: number };
  bandwidth: { total: number };
}

/** A row of the platform and browser tables; which fields are present depends on the list asked for. */
export interface ShareRow {
  name?: string;
  version?: string;
  versionName?: string;
  country?: string;
  share: number;
  prev: { share: number | null };
  links: Partial<Record<'browsers' | 'platforms' | 'countries' | 'versions', string>>;
}
