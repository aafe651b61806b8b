/**
 * Folds request-log lines into roll-up rows: a pure function, so a batch becomes at most one upsert per
 * day and key. Package, version and file counts take successful requests only (status below 400);
 * network, client and proxy counts take every request the CDN answered.
 */
import type { RequestLogLine } from '../requestlog/reader.ts';
import { ROLLUPS, type RollupTable } from './schema.ts';
import { parseUserAgent } from './userAgent.ts';
import { ORIGIN_PROVIDER } from './geography.ts';

export type RollupRow = { key: string[]; extra: string[]; hits: number; bandwidth: number };
export type FoldedBatch = Record<RollupTable, Map<string, RollupRow>>;

export function emptyFold(): FoldedBatch {
  const fold = {} as FoldedBatch;
  for (const table of Object.keys(ROLLUPS) as RollupTable[]) fold[table] = new Map();
  return fold;
}

function add(map: Map<string, RollupRow>, key: string[], bytes: number, extra: string[] = []): void {
  const id = key.join('\u0000');
  const row = map.get(id);
  if (row) {
    row.hits += 1;
    row.bandwidth += bytes;
  } else {
    map.set(id, { key, extra, hits: 1, bandwidth: bytes });
  }
}

export type Content = 'packages' | 'proxies' | 'other';

export function contentOf(line: RequestLogLine): Content {
  if (line.proxy) return 'proxies';
  if ((line.type === 'npm' || line.type === 'gh') && line.name) return 'packages';
  return 'other';
}

export function foldLines(lines: readonly RequestLogLine[], into: FoldedBatch = emptyFold()): FoldedBatch {
  for (const line of lines) {
    const day = line.t.slice(0, 10);
    const bytes = line.bytes;
    const country = line.country ? line.country.toUpperCase() : '';
    const provider = line.provider ? line.provider.toUpperCase() : ORIGIN_PROVIDER;
    add(into.daily_network, [day, contentOf(line), provider, country], bytes);
    // Only lines that know where their bytes came from count towards the cache hit rate.
    if (line.cache) add(into.daily_cache, [day, provider, line.cache], bytes);
    const client = parseUserAgent(line.ua);
    add(into.daily_client, [day, country, client.browser, client.browserVersion, client.platform, client.platformVersion], bytes);
    if (line.proxy) {
      add(into.daily_proxy, [line.proxy, day], bytes);
      if (line.file) add(into.daily_proxy_file, [line.proxy, line.file, day], bytes);
    }
    const served = line.status >= 200 && line.status < 400;
    if (!served || (line.type !== 'npm' && line.type !== 'gh') || !line.name) continue;
    add(into.daily_package, [line.type, line.name, day], bytes);
    if (!line.version) continue;
    const kind = line.kind === 'branch' || line.kind === 'commit' ? line.kind : 'version';
    add(into.daily_version, [line.type, line.name, line.version, day], bytes, [kind]);
    if (line.file) add(into.daily_file, [line.type, line.name, line.version, line.file, day], bytes);
  }
  return into;
}
