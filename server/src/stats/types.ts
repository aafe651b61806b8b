/** The words the statistics' reads and writes share with their callers. */

export type Metric = 'hits' | 'bandwidth';

/** `wp`: a WordPress.org plugin (`plugins/{slug}`) or theme (`themes/{slug}`). */
export type PackageKind = 'npm' | 'gh' | 'wp';

export interface Totals {
  hits: number;
  bandwidth: number;
}

export interface DailyTotals extends Totals {
  day: string;
}

export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  total: number;
  rows: T[];
}

export type ClientColumn = 'browser' | 'browser_version' | 'platform' | 'platform_version' | 'country';

export interface ClientFilter {
  countries?: readonly string[] | undefined;
  browser?: string | undefined;
  browserVersion?: string | undefined;
  platform?: string | undefined;
  platformVersion?: string | undefined;
}
