/**
 * Folds request-log lines into roll-up rows: a pure function, so a batch becomes at most one upsert per
 * day and key. Package, version and file counts take successful requests only (status below 400);
 * network, client and proxy counts take every request the CDN answered.
 */
import type { RequestLogLine } from '../requestlog/reader.ts';
import { ROLLUPS, type RollupTable } from './schema.ts';
import { parseUserAgent, type ClientInfo } from './userAgent.ts';
import { ORIGIN_PROVIDER } from './geography.ts';

export type RollupRow = { key: string[]; extra: string[]; hits: number; bandwidth: number };
/** Rows of one table by their key joined with NUL (which sorts below every other character, so the ids sort in key order). */
export type FoldedBatch = Record<RollupTable, Map<string, RollupRow>>;

export function emptyFold(): FoldedBatch {
  const fold = {} as FoldedBatch;
  for (const table of Object.keys(ROLLUPS) as RollupTable[]) fold[table] = new Map();
  return fold;
}

const SEPARATOR = '\u0000';
const NO_EXTRA: string[] = [];

/** Counts one request under a key given as its id (the key's columns joined by NUL): the key's array is made only for a new row. */
function add(map: Map<string, RollupRow>, id: string, bytes: number, extra: string[] = NO_EXTRA): void {
  const row = map.get(id);
  if (row) {
    row.hits += 1;
    row.bandwidth += bytes;
  } else {
    map.set(id, { key: id.split(SEPARATOR), extra, hits: 1, bandwidth: bytes });
  }
}

/** Joins key columns into an id: one flat string, cheap to hash. */
const id = (...parts: string[]): string => parts.join(SEPARATOR);

const KIND = { version: ['version'], branch: ['branch'], commit: ['commit'] };

export type Content = 'packages' | 'proxies' | 'other';

export function contentOf(line: RequestLogLine): Content {
  if (line.proxy) return 'proxies';
  if ((line.type === 'npm' || line.type === 'gh') && line.name) return 'packages';
  return 'other';
}

export function foldLines(lines: readonly RequestLogLine[], into: FoldedBatch = emptyFold()): FoldedBatch {
  for (const line of lines) foldLine(line, into);
  return into;
}

/** Adds one request to the roll-ups of a batch. */
export function foldLine(line: RequestLogLine, into: FoldedBatch): void {
  const day = line.t.slice(0, 10);
  const bytes = line.bytes;
  const country = line.country ? line.country.toUpperCase() : '';
  const provider = line.provider ? line.provider.toUpperCase() : ORIGIN_PROVIDER;
  add(into.daily_network, id(day, contentOf(line), provider, country), bytes);
  // Only lines that know where their bytes came from count towards the cache hit rate.
  if (line.cache) add(into.daily_cache, id(day, provider, line.cache), bytes);
  add(into.daily_client, id(day, country, clientId(parseUserAgent(line.ua))), bytes);
  if (line.proxy) {
    add(into.daily_proxy, id(line.proxy, day), bytes);
    if (line.file) add(into.daily_proxy_file, id(line.proxy, line.file, day), bytes);
  }
  const served = line.status >= 200 && line.status < 400;
  if (!served || (line.type !== 'npm' && line.type !== 'gh') || !line.name) return;
  const pkg = id(line.type, line.name);
  add(into.daily_package, id(pkg, day), bytes);
  if (!line.version) return;
  add(into.daily_version, id(pkg, line.version, day), bytes, line.kind === 'branch' || line.kind === 'commit' ? KIND[line.kind] : KIND.version);
  if (line.file) add(into.daily_file, id(pkg, line.version, line.file, day), bytes);
}

/** The client columns of a parsed user agent as part of an id, made once per parsed user agent. */
const clientIds = new WeakMap<ClientInfo, string>();
function clientId(client: ClientInfo): string {
  let text = clientIds.get(client);
  if (text === undefined) {
    text = id(client.browser, client.browserVersion, client.platform, client.platformVersion);
    clientIds.set(client, text);
  }
  return text;
}
