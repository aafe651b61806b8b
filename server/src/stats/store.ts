/**
 * The statistics store: writes folded batches and answers every statistics question of the data API from
 * the daily roll-ups. One class over the SqlEngine interface, so SQLite and PostgreSQL run the same SQL.
 */
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config/config.ts';
import type { SqlEngine, SqlExecutor, SqlValue } from './sql/engine.ts';
import { openSqliteEngine } from './sql/sqliteEngine.ts';
import { openPostgresEngine } from './sql/postgresEngine.ts';
import { ROLLUPS, SCHEMA, type RollupTable } from './schema.ts';
import type { FoldedRows } from './fold.ts';
import { addDays, isoDay, type DayRange } from './periods.ts';

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
export interface ClientFilter {
  countries?: readonly string[];
  browser?: string;
  browserVersion?: string;
  platform?: string;
  platformVersion?: string;
}
export type ClientColumn = 'browser' | 'browser_version' | 'platform' | 'platform_version' | 'country';

const metricColumn = (by: Metric): string => (by === 'bandwidth' ? 'bandwidth' : 'hits');
const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** Another ingester moved the read offsets since this batch was read; the batch is read again. */
export class ConcurrentIngestError extends Error {
  constructor(file: string) {
    super(`The read offset of ${file} moved while a batch was being counted.`);
    this.name = 'ConcurrentIngestError';
  }
}

type PackageTotal = { type: PackageKind; name: string } & Totals;

/** Per-package totals of past days kept in memory: ranges of the statistics pages repeat all day long. */
const PAST_CACHE_ENTRIES = 24;
/** How long figures read into memory are trusted when another process might have ingested meanwhile. */
const PAST_TOTALS_TTL_MS = 5 * 60_000;
const MONTHS_TTL_MS = 30_000;

export class StatsStore {
  /**
   * Totals of every package over ranges of complete past days. Past days change only when a late log line
   * arrives, and then `noteIngested` drops them all; today's figures are always read live and added.
   */
  private readonly pastTotals = new LRUCache<string, Promise<Map<string, PackageTotal>>>({ max: PAST_CACHE_ENTRIES });

  constructor(readonly engine: SqlEngine) {}

  /** The months with data change only when the ingester commits; the periods list is asked at every page load. */
  private months: ReturnType<StatsStore['readMonthsWithData']> | undefined;
  private monthsReadAt = 0;
  private pastTotalsReadAt = 0;

  /** Called by the ingester after each commit, with the days the batch touched. */
  noteIngested(days: Iterable<string>): void {
    this.months = undefined;
    const today = isoDay(new Date());
    for (const day of days) {
      if (day < today) {
        this.pastTotals.clear();
        return;
      }
    }
  }

  private async sumPackages(from: string, to: string): Promise<Map<string, PackageTotal>> {
    const rows = await this.engine.all<{ type: PackageKind; name: string; hits: number; bandwidth: number }>(
      'SELECT type, name, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_package WHERE day BETWEEN ? AND ? GROUP BY type, name',
      [from, to],
    );
    return new Map(rows.map((r) => [`${r.type}/${r.name}`, { type: r.type, name: r.name, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }]));
  }

  /** Every package's totals in a range: the past days from memory when possible, today live. */
  private async packageTotalsIn(range: DayRange): Promise<Map<string, PackageTotal>> {
    const today = isoDay(new Date());
    const pastEnd = range.to < today ? range.to : addDays(today, -1);
    let past: Map<string, PackageTotal> | undefined;
    if (Date.now() - this.pastTotalsReadAt > PAST_TOTALS_TTL_MS) {
      this.pastTotals.clear();
      this.pastTotalsReadAt = Date.now();
    }
    if (range.from <= pastEnd) {
      const key = `${range.from}|${pastEnd}`;
      let cached = this.pastTotals.get(key);
      if (!cached) {
        cached = this.sumPackages(range.from, pastEnd);
        cached.catch(() => this.pastTotals.delete(key));
        this.pastTotals.set(key, cached);
      }
      past = await cached;
    }
    if (range.to < today) return past ?? new Map();
    const live = await this.sumPackages(range.from > today ? range.from : today, range.to);
    if (!past) return live;
    const merged = new Map<string, PackageTotal>();
    for (const [key, value] of past) merged.set(key, { ...value });
    for (const [key, value] of live) {
      const entry = merged.get(key);
      if (entry) {
        entry.hits += value.hits;
        entry.bandwidth += value.bandwidth;
      } else merged.set(key, { ...value });
    }
    return merged;
  }

  async init(): Promise<void> {
    // On SQLite, roll-up rows live in their primary-key B-tree (WITHOUT ROWID): one tree to update per row, not two.
    await this.engine.exec(this.engine.kind === 'sqlite' ? SCHEMA.replace(/(PRIMARY KEY \([^)]*\)\n\))/g, '$1 WITHOUT ROWID') : SCHEMA);
  }

  /** Starts the reading threads now rather than on the first question (seconds on a busy machine). */
  async warmUp(): Promise<void> {
    await this.engine.warmUp?.();
  }

  async close(): Promise<void> {
    await this.engine.close();
  }

  // ---- ingest -------------------------------------------------------------------------------------

  async savedOffsets(): Promise<Map<string, number>> {
    const rows = await this.engine.all<{ file: string; byte_offset: number }>('SELECT file, byte_offset FROM ingest_position');
    return new Map(rows.map((r) => [r.file, Number(r.byte_offset)]));
  }

  /** Whether the engine answers a query now: false for a closed store or an unreachable database. */
  async answers(): Promise<boolean> {
    try {
      await this.engine.all('SELECT 1 AS ok');
      return true;
    } catch {
      return false;
    }
  }

  async ingestedLines(): Promise<number> {
    const [row] = await this.engine.all<{ n: number | null }>('SELECT SUM(lines) AS n FROM ingest_position');
    return Number(row?.n ?? 0);
  }

  /**
   * Moves the read offsets from where this batch started to where it ended and adds the folded batch to
   * the roll-ups, in the caller's transaction. The offsets move only if they are still where the batch
   * started: if another ingester got there first, ConcurrentIngestError rolls the whole batch back.
   */
  async applyBatch(
    tx: SqlExecutor,
    rows: FoldedRows,
    from: ReadonlyMap<string, number>,
    offsets: ReadonlyMap<string, number>,
    linesPerFile: ReadonlyMap<string, number>,
  ): Promise<void> {
    // Counts and offsets commit together and the logs are durable: a commit lost to a crash of the server
    // takes its offsets with it and its lines are counted again, so the commit need not wait for the disk.
    if (this.engine.kind === 'postgres') await tx.run('SET LOCAL synchronous_commit = off');
    // Offsets first: on PostgreSQL this takes the row locks that make a concurrent ingester wait and then fail.
    for (const [file, offset] of offsets) {
      const start = from.get(file);
      const changed =
        start === undefined
          ? await tx.run('INSERT INTO ingest_position (file, byte_offset, lines) VALUES (?, ?, ?) ON CONFLICT (file) DO NOTHING', [
              file,
              offset,
              linesPerFile.get(file) ?? 0,
            ])
          : await tx.run('UPDATE ingest_position SET byte_offset = ?, lines = lines + ? WHERE file = ? AND byte_offset = ?', [
              offset,
              linesPerFile.get(file) ?? 0,
              file,
              start,
            ]);
      if (changed !== 1) throw new ConcurrentIngestError(file);
    }
    // Rows come sorted by key (fold.ts): both engines then update their primary-key indexes in one sweep.
    for (const table of Object.keys(ROLLUPS) as RollupTable[]) {
      const tableRows = rows[table];
      if (tableRows && tableRows.count > 0) await tx.addCounts({ name: table, ...ROLLUPS[table] }, tableRows);
    }
  }

  // ---- periods ------------------------------------------------------------------------------------

  async firstDay(): Promise<string | undefined> {
    const [row] = await this.engine.all<{ day: string | null }>('SELECT MIN(day) AS day FROM daily_network');
    return row?.day ?? undefined;
  }

  /** Months (YYYY-MM) with any data, and whether each has client (browser/platform) and proxy data. */
  monthsWithData(): Promise<Array<{ month: string; clients: boolean; proxies: boolean }>> {
    // Another process may ingest into the same PostgreSQL database: never trust memory for long.
    if (Date.now() - this.monthsReadAt > MONTHS_TTL_MS) this.months = undefined;
    if (!this.months) {
      this.monthsReadAt = Date.now();
      const read = this.readMonthsWithData();
      read.catch(() => {
        if (this.months === read) this.months = undefined;
      });
      this.months = read;
    }
    return this.months;
  }

  private async readMonthsWithData(): Promise<Array<{ month: string; clients: boolean; proxies: boolean }>> {
    const network = await this.engine.all<{ month: string; proxies: number }>(
      `SELECT substr(day, 1, 7) AS month, SUM(CASE WHEN content = 'proxies' THEN hits ELSE 0 END) AS proxies
       FROM daily_network GROUP BY substr(day, 1, 7)`,
    );
    const clients = await this.engine.all<{ month: string }>('SELECT DISTINCT substr(day, 1, 7) AS month FROM daily_client');
    const withClients = new Set(clients.map((r) => r.month));
    return network.map((r) => ({ month: r.month, clients: withClients.has(r.month), proxies: Number(r.proxies) > 0 }));
  }

  // ---- packages -----------------------------------------------------------------------------------

  async topPackages(range: DayRange, by: Metric, type: PackageKind | undefined, page: Page): Promise<Paged<{ type: PackageKind; name: string } & Totals>> {
    const all = [...(await this.packageTotalsIn(range)).values()].filter((p) => (type ? p.type === type : true) && (p.hits > 0 || p.bandwidth > 0));
    all.sort((x, y) => y[by] - x[by] || (x.type < y.type ? -1 : x.type > y.type ? 1 : x.name < y.name ? -1 : 1));
    return { total: all.length, rows: all.slice(page.offset, page.offset + page.limit).map((p) => ({ ...p })) };
  }

  /** Totals of the given packages in a range (previous-period figures of a page of top packages). */
  async packageTotals(range: DayRange, packages: ReadonlyArray<{ type: string; name: string }>): Promise<Map<string, Totals>> {
    const totals = await this.packageTotalsIn(range);
    const result = new Map<string, Totals>();
    for (const p of packages) {
      const found = totals.get(`${p.type}/${p.name}`);
      if (found) result.set(`${p.type}/${p.name}`, { hits: found.hits, bandwidth: found.bandwidth });
    }
    return result;
  }

  async packageDaily(type: PackageKind, name: string, range: DayRange): Promise<DailyTotals[]> {
    return this.daily('daily_package', 'type = ? AND name = ?', [type, name], range);
  }

  /**
   * Ranks of one package in a range: the number of packages with more hits (and with more bandwidth),
   * among all packages and among those of its type; null where the package has none.
   */
  async packageRanks(type: PackageKind, name: string, range: DayRange): Promise<Record<Metric, { rank: number | null; typeRank: number | null }>> {
    const totals = await this.packageTotalsIn(range);
    const own = totals.get(`${type}/${name}`);
    const rankBy = (metric: Metric) => {
      const value = own?.[metric] ?? 0;
      if (value <= 0) return { rank: null, typeRank: null };
      let rank = 0;
      let typeRank = 0;
      for (const t of totals.values()) {
        if (t[metric] <= value) continue;
        rank++;
        if (t.type === type) typeRank++;
      }
      return { rank, typeRank };
    };
    return { hits: rankBy('hits'), bandwidth: rankBy('bandwidth') };
  }

  /** The rank of one package by one metric (badges): see packageRanks. */
  async packageRank(type: PackageKind, name: string, range: DayRange, by: Metric, sameTypeOnly: boolean): Promise<number | null> {
    const ranks = (await this.packageRanks(type, name, range))[by];
    return sameTypeOnly ? ranks.typeRank : ranks.rank;
  }

  async topVersions(type: PackageKind, name: string, range: DayRange, by: Metric, page: Page): Promise<Paged<{ version: string; kind: string } & Totals>> {
    const params: SqlValue[] = [type, name, range.from, range.to];
    const where = 'type = ? AND name = ? AND day BETWEEN ? AND ?';
    const [count] = await this.engine.all<{ n: number }>(`SELECT COUNT(DISTINCT version) AS n FROM daily_version WHERE ${where}`, params);
    const rows = await this.engine.all<{ version: string; kind: string; hits: number; bandwidth: number }>(
      `SELECT version, MAX(kind) AS kind, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_version WHERE ${where}
       GROUP BY version ORDER BY ${metricColumn(by)} DESC, version DESC LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset],
    );
    return { total: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, hits: Number(r.hits), bandwidth: Number(r.bandwidth) })) };
  }

  /** Daily figures of several versions at once, keyed by version. */
  async versionsDaily(type: PackageKind, name: string, versions: readonly string[], range: DayRange): Promise<Map<string, DailyTotals[]>> {
    const result = new Map<string, DailyTotals[]>();
    if (versions.length === 0) return result;
    const rows = await this.engine.all<{ version: string; day: string; hits: number; bandwidth: number }>(
      `SELECT version, day, hits, bandwidth FROM daily_version WHERE type = ? AND name = ? AND version IN (${placeholders(versions.length)})
       AND day BETWEEN ? AND ?`,
      [type, name, ...versions, range.from, range.to],
    );
    for (const r of rows) {
      const list = result.get(r.version) ?? [];
      list.push({ day: r.day, hits: Number(r.hits), bandwidth: Number(r.bandwidth) });
      result.set(r.version, list);
    }
    return result;
  }

  async topFiles(type: PackageKind, name: string, version: string, range: DayRange, by: Metric, page: Page): Promise<Paged<{ file: string } & Totals>> {
    const params: SqlValue[] = [type, name, version, range.from, range.to];
    const where = 'type = ? AND name = ? AND version = ? AND day BETWEEN ? AND ?';
    const [count] = await this.engine.all<{ n: number }>(`SELECT COUNT(DISTINCT file) AS n FROM daily_file WHERE ${where}`, params);
    const rows = await this.engine.all<{ file: string; hits: number; bandwidth: number }>(
      `SELECT file, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_file WHERE ${where}
       GROUP BY file ORDER BY ${metricColumn(by)} DESC, file LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset],
    );
    return { total: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, hits: Number(r.hits), bandwidth: Number(r.bandwidth) })) };
  }

  async filesDaily(type: PackageKind, name: string, version: string, files: readonly string[], range: DayRange): Promise<Map<string, DailyTotals[]>> {
    const result = new Map<string, DailyTotals[]>();
    if (files.length === 0) return result;
    const rows = await this.engine.all<{ file: string; day: string; hits: number; bandwidth: number }>(
      `SELECT file, day, hits, bandwidth FROM daily_file WHERE type = ? AND name = ? AND version = ? AND file IN (${placeholders(files.length)})
       AND day BETWEEN ? AND ?`,
      [type, name, version, ...files, range.from, range.to],
    );
    for (const r of rows) {
      const list = result.get(r.file) ?? [];
      list.push({ day: r.day, hits: Number(r.hits), bandwidth: Number(r.bandwidth) });
      result.set(r.file, list);
    }
    return result;
  }

  // ---- network ------------------------------------------------------------------------------------

  async networkDaily(range: DayRange, group: 'provider' | 'content', countries?: readonly string[]): Promise<Array<{ key: string } & DailyTotals>> {
    const filter = countries ? ` AND country IN (${placeholders(countries.length)})` : '';
    const rows = await this.engine.all<{ key: string; day: string; hits: number; bandwidth: number }>(
      `SELECT ${group} AS key, day, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_network
       WHERE day BETWEEN ? AND ?${filter} GROUP BY ${group}, day`,
      [range.from, range.to, ...(countries ?? [])],
    );
    return rows.map((r) => ({ key: r.key, day: r.day, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }));
  }

  /** Requests per provider and cache answer (hit, miss, stale), for the measured cache hit rate. */
  async cacheResults(range: DayRange): Promise<Array<{ provider: string; result: string; hits: number }>> {
    const rows = await this.engine.all<{ provider: string; result: string; hits: number }>(
      'SELECT provider, result, SUM(hits) AS hits FROM daily_cache WHERE day BETWEEN ? AND ? GROUP BY provider, result',
      [range.from, range.to],
    );
    return rows.map((r) => ({ provider: r.provider, result: r.result, hits: Number(r.hits) }));
  }

  async networkByCountry(range: DayRange): Promise<Array<{ country: string; provider: string } & Totals>> {
    const rows = await this.engine.all<{ country: string; provider: string; hits: number; bandwidth: number }>(
      `SELECT country, provider, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_network
       WHERE day BETWEEN ? AND ? GROUP BY country, provider`,
      [range.from, range.to],
    );
    return rows.map((r) => ({ ...r, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }));
  }

  async networkTotals(range: DayRange, countries?: readonly string[]): Promise<Totals> {
    const filter = countries ? ` AND country IN (${placeholders(countries.length)})` : '';
    const [row] = await this.engine.all<{ hits: number | null; bandwidth: number | null }>(
      `SELECT SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_network WHERE day BETWEEN ? AND ?${filter}`,
      [range.from, range.to, ...(countries ?? [])],
    );
    return { hits: Number(row?.hits ?? 0), bandwidth: Number(row?.bandwidth ?? 0) };
  }

  // ---- browsers and platforms ---------------------------------------------------------------------

  /** Hits grouped by the given client columns under a filter, largest first. */
  async clientHits(range: DayRange, columns: readonly ClientColumn[], filter: ClientFilter): Promise<Array<Record<ClientColumn, string> & { hits: number }>> {
    const conditions = ['day BETWEEN ? AND ?'];
    const params: SqlValue[] = [range.from, range.to];
    if (filter.countries) {
      conditions.push(`country IN (${placeholders(filter.countries.length)})`);
      params.push(...filter.countries);
    }
    const exact: Array<[ClientColumn, string | undefined]> = [
      ['browser', filter.browser],
      ['browser_version', filter.browserVersion],
      ['platform', filter.platform],
      ['platform_version', filter.platformVersion],
    ];
    for (const [column, value] of exact) {
      if (value === undefined) continue;
      conditions.push(`${column} = ?`);
      params.push(value);
    }
    const select = columns.length ? `${columns.join(', ')}, ` : '';
    const groupBy = columns.length ? ` GROUP BY ${columns.join(', ')}` : '';
    const rows = await this.engine.all<Record<ClientColumn, string> & { hits: number }>(
      `SELECT ${select}SUM(hits) AS hits FROM daily_client WHERE ${conditions.join(' AND ')}${groupBy} ORDER BY hits DESC`,
      params,
    );
    return rows.filter((r) => r.hits !== null).map((r) => ({ ...r, hits: Number(r.hits) }));
  }

  // ---- proxies ------------------------------------------------------------------------------------

  async proxyDaily(proxy: string, range: DayRange): Promise<DailyTotals[]> {
    return this.daily('daily_proxy', 'proxy = ?', [proxy], range);
  }

  async topProxyFiles(proxy: string, range: DayRange, by: Metric, page: Page): Promise<Paged<{ file: string } & Totals>> {
    const params: SqlValue[] = [proxy, range.from, range.to];
    const where = 'proxy = ? AND day BETWEEN ? AND ?';
    const [count] = await this.engine.all<{ n: number }>(`SELECT COUNT(DISTINCT file) AS n FROM daily_proxy_file WHERE ${where}`, params);
    const rows = await this.engine.all<{ file: string; hits: number; bandwidth: number }>(
      `SELECT file, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM daily_proxy_file WHERE ${where}
       GROUP BY file ORDER BY ${metricColumn(by)} DESC, file LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset],
    );
    return { total: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, hits: Number(r.hits), bandwidth: Number(r.bandwidth) })) };
  }

  private async daily(table: RollupTable, where: string, params: SqlValue[], range: DayRange): Promise<DailyTotals[]> {
    const rows = await this.engine.all<{ day: string; hits: number; bandwidth: number }>(
      `SELECT day, SUM(hits) AS hits, SUM(bandwidth) AS bandwidth FROM ${table} WHERE ${where} AND day BETWEEN ? AND ? GROUP BY day`,
      [...params, range.from, range.to],
    );
    return rows.map((r) => ({ day: r.day, hits: Number(r.hits), bandwidth: Number(r.bandwidth) }));
  }
}

/**
 * SQLite under the data directory by default; PostgreSQL when `storage.postgresUrl` is configured. Either way
 * statistics reads have a time limit and never run on the serving thread (sql/queryPool.ts, postgresEngine.ts).
 */
export async function openStatsStore(config: Pick<Config, 'dataDir' | 'storage'>, { readThreads = true }: { readThreads?: boolean } = {}): Promise<StatsStore> {
  const engine = config.storage.postgresUrl
    ? openPostgresEngine(config.storage.postgresUrl)
    : openSqliteEngine(path.join(config.dataDir, 'stats.sqlite'), {
        // A store opened on a thread of its own (the ingester's) reads on that thread.
        queryPool: readThreads ? {} : false,
        // Counts and read offsets commit together and the logs are durable: a commit lost to a power cut
        // takes its offsets with it, and its lines are read and counted again. No sync per commit is needed.
        synchronous: 'NORMAL',
        // A batch touches pages all over the roll-ups: copying the log into the database every 64 MiB
        // rather than every 4 MiB writes a page once for many batches instead of once per batch.
        walPages: 16_384,
      });
  const store = new StatsStore(engine);
  await store.init();
  return store;
}
