/**
 * Edge log feeds read: each provider's format, the files of a feed's folder, a batch of their lines. The
 * feeds themselves are configured (`SKYLIFT_EDGE_LOGS`, `../../config/edgeFeeds.ts`). The provider of every
 * line is the feed's, never anything the line says.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EdgeFeed, EdgeProvider } from '../../config/edgeFeeds.ts';
import type { RequestLogLine } from '../line.ts';
import { readLineBatch, type LineBatch } from '../reader.ts';
import { parseBunnyLine } from './bunny.ts';
import { parseCloudflareLine } from './cloudflare.ts';
import { parseFastlyLine } from './fastly.ts';

type EdgeParser = (text: string) => Omit<RequestLogLine, 'provider'> | null;

/** A configured feed, as the readers below take it. */
export type { EdgeFeed };

/** Each provider's format and the provider code its requests are counted under (geography.ts). */
export const EDGE_PROVIDERS = {
  cloudflare: { code: 'CF', parse: parseCloudflareLine },
  fastly: { code: 'FY', parse: parseFastlyLine },
  bunny: { code: 'BN', parse: parseBunnyLine },
} as const satisfies Record<EdgeProvider, { code: string; parse: EdgeParser }>;

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
