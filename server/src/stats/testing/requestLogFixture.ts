/**
 * Writes request-log files in the CDN's format (server/src/requestlog/FORMAT.md) for tests and benchmarks,
 * from a deterministic generator of plausible traffic.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RequestLogLine } from '../../requestlog/reader.ts';
import { seededRandom } from '../traffic/seededRandom.ts';

export const SAMPLE_USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
];

/** One request of a file of an npm package, served: the fields a test does not set have these values. */
export function logLine(overrides: Partial<RequestLogLine> = {}): RequestLogLine {
  return {
    v: 1,
    t: '2026-11-21T12:00:00.000Z',
    type: 'npm',
    name: 'left-pad',
    version: '1.3.0',
    kind: 'version',
    file: '/index.js',
    status: 200,
    bytes: 100,
    provider: null,
    country: null,
    ua: 'curl/8.5.0',
    proxy: null,
    ...overrides,
  };
}

export interface SyntheticTrafficOptions {
  count: number;
  days: readonly string[];
  packages?: number;
  seed?: number;
}

export function syntheticLines(options: SyntheticTrafficOptions): RequestLogLine[] {
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const packageCount = options.packages ?? 50;
  const lines: RequestLogLine[] = [];
  for (let i = 0; i < options.count; i++) {
    // Squaring skews popularity: a few packages get most of the requests, as in real traffic.
    const p = Math.floor(random() ** 2 * packageCount);
    const gh = p % 7 === 6;
    const proxied = !gh && p % 11 === 10;
    const day = pick(options.days);
    const seconds = Math.floor(random() * 86_400);
    const time = new Date(Date.parse(`${day}T00:00:00.000Z`) + seconds * 1000).toISOString();
    const failed = random() < 0.03;
    lines.push({
      v: 1,
      t: time,
      type: proxied ? 'other' : gh ? 'gh' : 'npm',
      name: proxied ? null : gh ? `user${p}/repo${p}` : p % 5 === 0 ? `@scope/pkg${p}` : `pkg${p}`,
      version: proxied || failed ? null : `1.${Math.floor(random() * 3)}.0`,
      kind: proxied || failed ? null : 'version',
      file: proxied ? `/files/${Math.floor(random() * 4)}.js` : failed ? null : pick(['/dist/index.min.js', '/dist/style.css', '/package.json']),
      status: failed ? 404 : 200,
      bytes: failed ? 60 : 100 + Math.floor(random() * 5000),
      provider: pick(['CF', 'FY', 'BN', 'GC', null]),
      country: pick(['US', 'DE', 'PL', 'JP', 'BR', 'IN', null]),
      ua: pick(SAMPLE_USER_AGENTS),
      proxy: proxied ? `proxy${p % 3}` : null,
    });
  }
  return lines.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
}

/** Appends lines to the day files of a request-log folder, as the CDN does. */
export function appendLogLines(logDir: string, lines: readonly RequestLogLine[]): void {
  fs.mkdirSync(logDir, { recursive: true });
  const byFile = new Map<string, string[]>();
  for (const line of lines) {
    const file = `${line.t.slice(0, 10)}.ndjson`;
    const list = byFile.get(file) ?? [];
    list.push(JSON.stringify(line));
    byFile.set(file, list);
  }
  for (const [file, list] of byFile) fs.appendFileSync(path.join(logDir, file), `${list.join('\n')}\n`);
}
