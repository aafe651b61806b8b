/**
 * Edge log feeds: a folder per provider where that provider's logs are delivered (Logpush to a bucket
 * synced here, Fastly's log streaming to files, Bunny's Permanent Log Storage downloaded...). The provider of
 * every line is the feed's, never anything the line says. Configured as
 * `SKYLIFT_EDGE_LOGS=cloudflare=/srv/logs/cloudflare,fastly=/srv/logs/fastly,bunny=/srv/logs/bunny`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestLogLine } from '../line.ts';
import { readLineBatch, type LineBatch } from '../reader.ts';
import { parseBunnyLine } from './bunny.ts';
import { parseCloudflareLine } from './cloudflare.ts';
import { parseFastlyLine } from './fastly.ts';

type EdgeParser = (text: string) => Omit<RequestLogLine, 'provider'> | null;

/** Each provider's format and the provider code its requests are counted under (geography.ts). */
export const EDGE_PROVIDERS = {
  cloudflare: { code: 'CF', parse: parseCloudflareLine },
  fastly: { code: 'FY', parse: parseFastlyLine },
  bunny: { code: 'BN', parse: parseBunnyLine },
} as const satisfies Record<string, { code: string; parse: EdgeParser }>;

export type EdgeProvider = keyof typeof EDGE_PROVIDERS;

export interface EdgeFeed {
  provider: EdgeProvider;
  /** Absolute folder the provider's log files are delivered into. */
  dir: string;
}

/** Parses `provider=folder` pairs separated by commas; an unknown provider or a repeated one is an error. */
export function parseEdgeFeeds(value: string | undefined): EdgeFeed[] {
  if (!value?.trim()) return [];
  const feeds: EdgeFeed[] = [];
  for (const entry of value.split(',')) {
    const at = entry.indexOf('=');
    const provider = entry.slice(0, at).trim().toLowerCase();
    const dir = entry.slice(at + 1).trim();
    if (at < 0 || !dir) throw new Error(`SKYLIFT_EDGE_LOGS: "${entry.trim()}" is not provider=folder.`);
    if (!Object.hasOwn(EDGE_PROVIDERS, provider)) {
      throw new Error(`SKYLIFT_EDGE_LOGS: unknown provider "${provider}" (known: ${Object.keys(EDGE_PROVIDERS).join(', ')}).`);
    }
    if (feeds.some((feed) => feed.provider === provider)) throw new Error(`SKYLIFT_EDGE_LOGS: ${provider} is listed twice.`);
    feeds.push({ provider: provider as EdgeProvider, dir: path.resolve(dir) });
  }
  return feeds;
}

/** Provider codes whose traffic an edge feed counts. */
export function edgeProviderCodes(feeds: readonly EdgeFeed[]): Set<string> {
  return new Set(feeds.map((feed) => EDGE_PROVIDERS[feed.provider].code));
}

const MAX_DEPTH = 3;

/**
 * Log files of a feed, relative to its folder, in name order (providers name files by time, Cloudflare in
 * per-day folders). Hidden files and names ending in .tmp or .part are copies still under way.
 */
export async function listFeedFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string, depth: number): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || /\.(tmp|part)$/i.test(entry.name)) continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory() && depth < MAX_DEPTH) await walk(name, depth + 1);
      else if (entry.isFile()) found.push(name);
    }
  };
  await walk('', 1);
  return found.sort();
}

/** The key an edge file's offset is saved under: never the name of an origin log file. */
export function feedPositionKey(feed: EdgeFeed, file: string): string {
  return `edge/${feed.provider}/${file}`;
}

/** Reads a batch of a feed's lines past the saved offsets, each counted under the feed's provider. */
export async function readFeedBatch(
  feed: EdgeFeed,
  saved: ReadonlyMap<string, number>,
  maxLines: number,
  each?: (line: RequestLogLine) => void,
): Promise<LineBatch<RequestLogLine>> {
  const { code, parse } = EDGE_PROVIDERS[feed.provider];
  return readLineBatch<RequestLogLine>(
    {
      dir: feed.dir,
      files: await listFeedFiles(feed.dir),
      saved,
      maxLines,
      keyOf: (file) => feedPositionKey(feed, file),
      parse: (text) => {
        if (text.trim() === '') return null;
        const line = parse(text);
        return line ? { ...line, provider: code } : null;
      },
    },
    each,
  );
}
