/**
 * Whether the statistics match the request log exactly: the CDN's log lines (`server/src/requestlog/FORMAT.md`)
 * counted here, the same way the ingester folds them (`server/src/stats/fold.ts`: every line in the network
 * totals, lines of npm and gh packages with a status from 200 to 399 in the package counts), beside what the
 * data API answers for the same week.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface LogCounts {
  lines: number;
  bytes: number;
  /** "type/name" -> served requests and bytes. */
  packages: Map<string, { hits: number; bytes: number }>;
  /** Lines that do not parse (a torn write would show here). */
  unreadable: number;
  /** Bytes after the last newline of a file: a line still being written, or cut off for good. */
  trailing: number;
}

export function countLog(dataDir: string): LogCounts {
  const counts: LogCounts = { lines: 0, bytes: 0, packages: new Map(), unreadable: 0, trailing: 0 };
  const dir = path.join(dataDir, 'request-log');
  if (!fs.existsSync(dir)) return counts;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ndjson'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    counts.trailing += text.length - end;
    for (const raw of text.slice(0, end).split('\n')) {
      if (!raw) continue;
      let line: { type?: string; name?: string | null; status?: number; bytes?: number };
      try {
        line = JSON.parse(raw) as typeof line;
      } catch {
        counts.unreadable++;
        continue;
      }
      counts.lines++;
      counts.bytes += line.bytes ?? 0;
      const served = (line.status ?? 0) >= 200 && (line.status ?? 0) < 400;
      if (!served || (line.type !== 'npm' && line.type !== 'gh') || !line.name) continue;
      const key = `${line.type}/${line.name}`;
      const entry = counts.packages.get(key) ?? { hits: 0, bytes: 0 };
      entry.hits++;
      entry.bytes += line.bytes ?? 0;
      counts.packages.set(key, entry);
    }
  }
  return counts;
}

export interface StatsCounts {
  hits: number;
  bytes: number;
  packages: Map<string, { hits: number; bytes: number }>;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The data API's counts for the floating week (today included), every package of the top list page by page. */
export async function fetchStats(dataUrl: string): Promise<StatsCounts> {
  const network = await json<{ hits: { total: number }; bandwidth: { total: number } }>(`${dataUrl}/v1/stats/network?period=week`);
  const packages = new Map<string, { hits: number; bytes: number }>();
  for (let page = 1; ; page++) {
    const rows = await json<Array<{ type: string; name: string; hits: number; bandwidth: number }>>(
      `${dataUrl}/v1/stats/packages?period=week&limit=100&page=${page}`,
    );
    for (const row of rows) packages.set(`${row.type}/${row.name}`, { hits: row.hits, bytes: row.bandwidth });
    if (rows.length < 100) break;
  }
  return { hits: network.hits.total, bytes: network.bandwidth.total, packages };
}

/** Differences between the log and the statistics, one sentence each; empty when they match exactly. */
export function differences(log: LogCounts, stats: StatsCounts): string[] {
  const out: string[] = [];
  if (log.lines !== stats.hits) out.push(`all requests: log ${log.lines}, statistics ${stats.hits}`);
  if (log.bytes !== stats.bytes) out.push(`all bytes: log ${log.bytes}, statistics ${stats.bytes}`);
  for (const key of new Set([...log.packages.keys(), ...stats.packages.keys()])) {
    const a = log.packages.get(key) ?? { hits: 0, bytes: 0 };
    const b = stats.packages.get(key) ?? { hits: 0, bytes: 0 };
    if (a.hits !== b.hits || a.bytes !== b.bytes) out.push(`${key}: log ${a.hits} requests ${a.bytes} B, statistics ${b.hits} requests ${b.bytes} B`);
  }
  return out;
}
