/** What every route of the data API works with. */
import type { Config } from '../config/config.ts';
import type { PackageStore } from '../packages/types.ts';
import type { StatsReads } from '../stats/read/statsReads.ts';
import type { FileHashIndex } from './fileHashes.ts';
import type { RouteSchemas } from './openapi/routeSchemas.ts';
import type { PeriodResolver } from './params.ts';

export interface DataContext {
  config: Config;
  /** The statistics' answers: one call per answer. */
  stats: StatsReads;
  /** Files by the hash of their content, in the statistics database. */
  fileHashes: FileHashIndex;
  /** The package layer, created on first use. */
  packages: () => Promise<PackageStore>;
  now: () => Date;
  /** Public base URL of the data API, for links in responses. */
  baseUrl: string;
  /** A request's period resolved to days at the clock's time. */
  period: PeriodResolver;
  /** Each operation's parameters as the contract declares them, for route validation. */
  schemas: RouteSchemas;
}
