/**
 * Edge log feeds as the operator configures them: a folder per provider where that provider's logs are
 * delivered (Logpush to a bucket synced here, Fastly's log streaming to files, Bunny's Permanent Log Storage
 * downloaded...), as `SKYLIFT_EDGE_LOGS=cloudflare=/srv/logs/cloudflare,fastly=/srv/logs/fastly,bunny=/srv/logs/bunny`.
 * The providers' formats and how a feed is read are the request log's (`../requestlog/edge/feeds.ts`).
 */
import path from 'node:path';

/** The providers whose log formats the request log reads. */
export const EDGE_PROVIDER_NAMES = ['cloudflare', 'fastly', 'bunny'] as const;

export type EdgeProvider = (typeof EDGE_PROVIDER_NAMES)[number];

export interface EdgeFeed {
  provider: EdgeProvider;
  /** Absolute folder the provider's log files are delivered into. */
  dir: string;
}

const isEdgeProvider = (name: string): name is EdgeProvider => (EDGE_PROVIDER_NAMES as readonly string[]).includes(name);

/** Parses `provider=folder` pairs separated by commas; an unknown provider or a repeated one is an error. */
export function parseEdgeFeeds(value: string | undefined): EdgeFeed[] {
  if (!value?.trim()) return [];
  const feeds: EdgeFeed[] = [];
  for (const entry of value.split(',')) {
    const at = entry.indexOf('=');
    const provider = entry.slice(0, at).trim().toLowerCase();
    const dir = entry.slice(at + 1).trim();
    if (at < 0 || !dir) throw new Error(`SKYLIFT_EDGE_LOGS: "${entry.trim()}" is not provider=folder.`);
    if (!isEdgeProvider(provider)) throw new Error(`SKYLIFT_EDGE_LOGS: unknown provider "${provider}" (known: ${EDGE_PROVIDER_NAMES.join(', ')}).`);
    if (feeds.some((feed) => feed.provider === provider)) throw new Error(`SKYLIFT_EDGE_LOGS: ${provider} is listed twice.`);
    feeds.push({ provider, dir: path.resolve(dir) });
  }
  return feeds;
}
