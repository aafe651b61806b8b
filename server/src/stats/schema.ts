/**
 * The statistics schema, identical on both engines. The ingester folds each request-log line into daily
 * roll-ups (one row per day and package, version, file, provider/country, browser/platform, proxy, and
 * per provider whether the served bytes came from cache), so
 * every statistics query reads at most one row per day and key, however many requests were logged.
 * Days are 'YYYY-MM-DD' text, counts BIGINT. `ingest_position` holds, per log file, where the ingester stopped
 * reading (a late line of yesterday's file is still read after today's file has started); it changes in the same transaction as the counts.
 */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS ingest_position (
  file TEXT PRIMARY KEY,
  byte_offset BIGINT NOT NULL,
  lines BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS daily_package (
  type TEXT NOT NULL, name TEXT NOT NULL, day TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (type, name, day)
);
CREATE INDEX IF NOT EXISTS daily_package_day ON daily_package (day);
CREATE TABLE IF NOT EXISTS daily_version (
  type TEXT NOT NULL, name TEXT NOT NULL, version TEXT NOT NULL, day TEXT NOT NULL, kind TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (type, name, version, day)
);
CREATE TABLE IF NOT EXISTS daily_file (
  type TEXT NOT NULL, name TEXT NOT NULL, version TEXT NOT NULL, file TEXT NOT NULL, day TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (type, name, version, file, day)
);
CREATE TABLE IF NOT EXISTS daily_network (
  day TEXT NOT NULL, content TEXT NOT NULL, provider TEXT NOT NULL, country TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (day, content, provider, country)
);
CREATE TABLE IF NOT EXISTS daily_client (
  day TEXT NOT NULL, country TEXT NOT NULL,
  browser TEXT NOT NULL, browser_version TEXT NOT NULL, platform TEXT NOT NULL, platform_version TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (day, country, browser, browser_version, platform, platform_version)
);
CREATE TABLE IF NOT EXISTS daily_proxy (
  proxy TEXT NOT NULL, day TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (proxy, day)
);
CREATE TABLE IF NOT EXISTS daily_proxy_file (
  proxy TEXT NOT NULL, file TEXT NOT NULL, day TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (proxy, file, day)
);
CREATE TABLE IF NOT EXISTS daily_cache (
  day TEXT NOT NULL, provider TEXT NOT NULL, result TEXT NOT NULL,
  hits BIGINT NOT NULL, bandwidth BIGINT NOT NULL,
  PRIMARY KEY (day, provider, result)
);
`;

/** The roll-up tables, their key columns and whether they carry a non-additive attribute. */
export const ROLLUPS = {
  daily_package: { keys: ['type', 'name', 'day'], extra: [] },
  daily_version: { keys: ['type', 'name', 'version', 'day'], extra: ['kind'] },
  daily_file: { keys: ['type', 'name', 'version', 'file', 'day'], extra: [] },
  daily_network: { keys: ['day', 'content', 'provider', 'country'], extra: [] },
  daily_client: { keys: ['day', 'country', 'browser', 'browser_version', 'platform', 'platform_version'], extra: [] },
  daily_proxy: { keys: ['proxy', 'day'], extra: [] },
  daily_proxy_file: { keys: ['proxy', 'file', 'day'], extra: [] },
  daily_cache: { keys: ['day', 'provider', 'result'], extra: [] },
} as const;

export type RollupTable = keyof typeof ROLLUPS;
