/**
 * `@skylift/shared/api-types` (and the main entry): shapes of the data API's answers and parameters, under the names the website uses, taken from the
 * types generated from the API's OpenAPI document (`generated/dataApi.ts`; regenerate it with
 * `npm run generate:api-types -w @skylift/server` after changing the contract). Nothing here restates a
 * shape: a field the contract changes changes here too.
 */
import type { components } from './generated/dataApi';

/** The contract's own types, as generated: for code that speaks the contract's names (the server's route schemas). */
export type { components, operations } from './generated/dataApi';

type Schemas = components['schemas'];
type Parameters = components['parameters'];

export type PackageType = Schemas['PackageType'];

/** `YYYY-MM-DD` keyed series. */
export type DateSeries = Schemas['DateHitsStats'];
/** `YYYY-MM-DD` keyed series whose values carry a total (network and provider breakdowns). */
export type DateTotalSeries = Schemas['DateHitsStatsExtended'];

/** The `period` parameter: a floating period, a static period or a concrete one (`2026-10`, `2026-Q3`, `2026`). */
export type FloatingPeriod = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type StaticPeriodType = Schemas['Periods'][number]['periodType'];
export type Period = FloatingPeriod | StaticPeriodType | Parameters['period'];

export type SortBy = Parameters['by'];
export type ContinentCode = Parameters['continent'];
/** The badge styles of the contract: square is the default and is not sent. */
export type BadgeStyle = Schemas['BadgeStyle'];

// Package metadata

export type PackageVersionsList = Schemas['PackageMetadata'];
/** The versions' names alone, newest first, with the tags. */
export type PackageVersionNames = Schemas['PackageVersionList'];
/** What a version's package.json says of its package, as npm reads it. */
export type PackageManifest = Schemas['PackageManifest'];
export type PackageRepository = NonNullable<PackageManifest['repository']>;
export type PackagePerson = Schemas['Person'];

export type FileTreeEntry = Schemas['PackageVersionMetadataTreeFiles'][number];
export type FileTreeFile = Extract<FileTreeEntry, { type: 'file' }>;
export type FileTreeDirectory = Extract<FileTreeEntry, { type: 'directory' }>;
export type FlatFile = Schemas['PackageVersionMetadataFlatFiles'][number];

type VersionMetadata = Omit<Schemas['PackageVersionMetadata'], 'files'>;
/** A version's files as a tree (`structure=tree`, the default). */
export type PackageFilesTree = VersionMetadata & { files: FileTreeEntry[] };
/** A version's files as one list of absolute paths (`structure=flat`). */
export type PackageFilesFlat = VersionMetadata & { files: FlatFile[] };

export type Entrypoint = Schemas['PackageEntrypoint'];
export type PackageEntrypoints = Schemas['PackageEntrypoints'];

// Statistics

export type PackageStats = Schemas['PackageStats'];
export type RankedTotal = PackageStats['hits']['prev'];
export type VersionStats = Schemas['TopPackageVersions'][number];
export type FileStats = Schemas['TopPackageVersionFiles'][number];
export type TopPackage = Schemas['TopPackages'][number];

export type PrevTotal = Schemas['PrevTotal'];
export type NetworkStats = Schemas['NetworkStats'];
export type ProviderSeries = NetworkStats['hits']['providers'][number];
export type NetworkContentStats = Schemas['NetworkContentStats'];
export type ContentSeries = NetworkContentStats['hits']['packages'];
export type NetworkCountryStats = Schemas['NetworkCountryStats'];
export type CountryStats = NetworkCountryStats['hits']['countries'][number];

/** One entry of `/v1/stats/periods`: a concrete period for which statistics exist. */
export type StatsPeriodEntry = Schemas['Periods'][number];
/** Which statistics exist for a period: one link per kind. */
export type StatsLinkKind = keyof StatsPeriodEntry['links'];

export type ProxyStats = Schemas['ProxyStats'];
export type ProxyFileStats = Schemas['TopProxyFiles'][number];

/** Every field any member of a union has, each optional. */
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type Merged<T> = { [K in KeysOfUnion<T>]?: T extends { [P in K]?: infer V } ? V : never };

type ShareList =
  | Schemas['TopBrowsers']
  | Schemas['TopBrowsersVersions']
  | Schemas['TopBrowserCountries']
  | Schemas['TopBrowserPlatforms']
  | Schemas['TopBrowserVersions']
  | Schemas['TopBrowserVersionCountries']
  | Schemas['TopPlatforms']
  | Schemas['TopPlatformsVersions']
  | Schemas['TopPlatformBrowsers']
  | Schemas['TopPlatformCountries']
  | Schemas['TopPlatformVersions']
  | Schemas['TopPlatformVersionCountries'];
type AnyShareRow = ShareList[number];

/** A row of the platform and browser tables; which fields are present depends on the list asked for. */
export type ShareRow = Omit<Merged<AnyShareRow>, 'share' | 'prev' | 'links'> & Pick<AnyShareRow, 'share' | 'prev'> & { links: Merged<AnyShareRow['links']> };

/** `/v1/importmap`: an import map with integrity for a set of package specs, and the HTML to paste. */
export type ImportMapAnswer = Schemas['ImportMap'];
