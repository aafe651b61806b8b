/**
 * Folds request-log lines into roll-up rows: a pure function, so a batch becomes at most one upsert per
 * day and key. Package, version and file counts take successful requests only (status below 400);
 * network, client and proxy counts take every request the CDN answered.
 */
import type { RequestLogLine } from '../requestlog/reader.ts';
import type { CountRows } from './sql/engine.ts';
import { ROLLUPS, type RollupTable } from './schema.ts';
import { parseUserAgent } from './userAgent.ts';
import { ORIGIN_PROVIDER } from './geography.ts';

const SEPARATOR = '\u0000';

/**
 * The rows of one table in a batch, by id (the key's columns joined by NUL, which sorts below every other
 * character, so ids sort in key order). Counts live in arrays indexed by row number rather than in an
 * object per row: a batch adds tens of thousands of rows, and objects that live as long as the batch are
 * what the garbage collector pays for.
 */
export class RollupCounts {
  private readonly rowOf = new Map<string, number>();
  private readonly hits: number[] = [];
  private readonly bandwidth: number[] = [];
  /** The attribute of each row (a version's kind), from its first request; empty for tables without one. */
  private readonly extra: string[] = [];

  get size(): number {
    return this.rowOf.size;
  }

  /** Counts one request under a key given as its id. */
  add(id: string, bytes: number, extra?: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) {
      this.rowOf.set(id, this.hits.length);
      this.hits.push(1);
      this.bandwidth.push(bytes);
      if (extra !== undefined) this.extra.push(extra);
    } else {
      this.hits[row]! += 1;
      this.bandwidth[row]! += bytes;
    }
  }

  /** The distinct values of one key column. */
  column(index: number): string[] {
    return [...new Set([...this.rowOf.keys()].map((id) => id.split(SEPARATOR)[index]!))];
  }

  /** Every row in key order, flattened as the engines take them (sql/engine.ts, CountRows). */
  flatten(): CountRows {
    // The default sort compares strings without calling back into JavaScript.
    const ids = [...this.rowOf.keys()].sort();
    const extra: string[] = [];
    const hits: number[] = [];
    const bandwidth: number[] = [];
    for (const id of ids) {
      const row = this.rowOf.get(id)!;
      if (this.extra.length) extra.push(this.extra[row]!);
      hits.push(this.hits[row]!);
      bandwidth.push(this.bandwidth[row]!);
    }
    // Every id has the same number of columns, none containing NUL: joined, the ids are the key values row after row.
    return { count: ids.length, keys: ids.join(SEPARATOR), extra, hits, bandwidth };
  }
}

export type FoldedBatch = Record<RollupTable, RollupCounts>;

export function emptyFold(): FoldedBatch {
  const fold = {} as FoldedBatch;
  for (const table of Object.keys(ROLLUPS) as RollupTable[]) fold[table] = new RollupCounts();
  return fold;
}

/**
 * A key value as it goes into an id: NUL separates the columns of an id (and PostgreSQL refuses it in
 * text), so a NUL in a logged value becomes U+FFFD.
 */
const clean = (text: string): string => (text.includes(SEPARATOR) ? text.replaceAll(SEPARATOR, '\uFFFD') : text);

/** Join key columns into an id: one flat string, cheap to hash. */
const id2 = (a: string, b: string): string => a + SEPARATOR + b;
const id3 = (a: string, b: string, c: string): string => a + SEPARATOR + b + SEPARATOR + c;
const id4 = (a: string, b: string, c: string, d: string): string => a + SEPARATOR + b + SEPARATOR + c + SEPARATOR + d;

export type Content = 'packages' | 'proxies' | 'other';

/** npm packages, GitHub repositories and WordPress.org plugins and themes are counted per package, each type apart. */
function isPackageType(type: RequestLogLine['type']): boolean {
  return type === 'npm' || type === 'gh' || type === 'wp';
}

export function contentOf(line: RequestLogLine): Content {
  if (line.proxy) return 'proxies';
  if (isPackageType(line.type) && line.name) return 'packages';
  return 'other';
}

export function foldLines(lines: readonly RequestLogLine[], into: FoldedBatch = emptyFold()): FoldedBatch {
  for (const line of lines) foldLine(line, into);
  return into;
}

/** Adds one request to the roll-ups of a batch. */
export function foldLine(line: RequestLogLine, into: FoldedBatch): void {
  const day = clean(line.t.slice(0, 10));
  const bytes = line.bytes;
  const country = line.country ? clean(line.country.toUpperCase()) : '';
  const provider = line.provider ? clean(line.provider.toUpperCase()) : ORIGIN_PROVIDER;
  into.daily_network.add(id4(day, contentOf(line), provider, country), bytes);
  // Only lines that know where their bytes came from count towards the cache hit rate.
  if (line.cache) into.daily_cache.add(id3(day, provider, line.cache), bytes);
  into.daily_client.add(id3(day, country, clientId(line.ua)), bytes);
  const file = line.file ? clean(line.file) : null;
  if (line.proxy) {
    const proxy = clean(line.proxy);
    into.daily_proxy.add(id2(proxy, day), bytes);
    if (file) into.daily_proxy_file.add(id3(proxy, file, day), bytes);
  }
  const served = line.status >= 200 && line.status < 400;
  if (!served || !isPackageType(line.type) || !line.name) return;
  const pkg = id2(line.type, clean(line.name));
  into.daily_package.add(id2(pkg, day), bytes);
  if (!line.version) return;
  const version = id2(pkg, clean(line.version));
  into.daily_version.add(id2(version, day), bytes, line.kind === 'branch' || line.kind === 'commit' ? line.kind : 'version');
  if (file) into.daily_file.add(id3(version, file, day), bytes);
}

/**
 * The client columns of a user agent as part of an id, by user agent: a handful of user agents make up
 * most requests, and one map lookup is cheaper than the parser's memo. Emptied when full, so it stays bounded.
 */
const clientIds = new Map<string, string>();
const CLIENT_IDS = 10_000;
function clientId(ua: string | null): string {
  const key = ua ?? '';
  let text = clientIds.get(key);
  if (text === undefined) {
    const client = parseUserAgent(ua);
    text = id4(clean(client.browser), clean(client.browserVersion), clean(client.platform), clean(client.platformVersion));
    if (clientIds.size >= CLIENT_IDS) clientIds.clear();
    clientIds.set(key, text);
  }
  return text;
}

/** Rows of each table to add, in key order, flattened as the engines take them; tables without rows are left out. */
export type FoldedRows = Partial<Record<RollupTable, CountRows>>;

/**
 * Sorts each table's rows by key (both engines then update their primary-key indexes in one sweep) and
 * flattens them: what the writing thread needs, and nothing it would have to walk again.
 */
export function flattenFold(fold: FoldedBatch): FoldedRows {
  const rows: FoldedRows = {};
  for (const table of Object.keys(ROLLUPS) as RollupTable[]) {
    if (fold[table].size > 0) rows[table] = fold[table].flatten();
  }
  return rows;
}

/** The days a batch counts requests of (every counted line has a network row). */
export function daysOf(fold: FoldedBatch): string[] {
  return fold.daily_network.column(0);
}
