/** What every route of the data API works with. */
import type { Config } from '../config/config.ts';
import type { PackageStore } from '../packages/types.ts';
import type { StatsStore } from '../stats/store.ts';
import type { FileHashIndex } from './fileHashes.ts';
import type { RouteSchemas } from './openapi/routeSchemas.ts';
import type { PeriodContext } from './params.ts';

export interface DataContext {
  config: Config;
  stats: StatsStore;
  /** Files by the hash of their content, in the statistics database. */
  fileHashes: FileHashIndex;
  /** The package layer, created on first use. */
  packages: () => Promise<PackageStore>;
  now: () => Date;
  /** Public base URL of the data API, for links in responses. */
  baseUrl: string;
  periodContext: () => Promise<PeriodContext>;
  /** Each operation's parameters as the contract declares them, for route validation. */
  schemas: RouteSchemas;
}
