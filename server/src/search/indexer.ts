/**
 * The one entry point through which other services (the CDN, the data API) put a package into the search
 * index: `indexPackageDocument(config, doc, extra)` with the npm document they just fetched. All users of
 * one data directory in a process share one open index.
 */
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { recordFromDocument, type IndexExtra } from './document.ts';
import { packageAccess } from '../packages/access.ts';
import { SearchIndex } from './index.ts';
import type { SearchRecord } from './record.ts';

export type { IndexExtra } from './document.ts';

export function searchIndexFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'search', 'search.sqlite');
}

/**
 * Host name of the code-hosting service, from the configured archive URL (`codeload.example.com` gives
 * `example.com`): repositories there become `githubRepo` and their owners the record's owner.
 */
export function codeHostOf(config: Pick<Config, 'upstream'>): string {
  const labels = new URL(config.upstream.githubArchive).hostname.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : labels.join('.');
}

const open = new Map<string, { index: SearchIndex; users: number }>();

/**
 * The process's index for this data directory; call `releaseSearchIndex` with the same config when done. With
 * the operator's package lists (`access`), refused packages are kept out of it.
 */
export function acquireSearchIndex(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'access'>>): SearchIndex {
  const file = searchIndexFile(config);
  let entry = open.get(file);
  if (!entry || !entry.index.db.open) {
    const access = config.access && (config.access.allow || config.access.deny.length) ? packageAccess(config.access) : undefined;
    entry = { index: new SearchIndex(file, access ? { admit: access.allowed } : {}), users: 0 };
    open.set(file, entry);
  }
  entry.users++;
  return entry.index;
}

export function releaseSearchIndex(config: Pick<Config, 'dataDir'>): void {
  const file = searchIndexFile(config);
  const entry = open.get(file);
  if (!entry) return;
  entry.users--;
  if (entry.users <= 0) {
    entry.index.close();
    open.delete(file);
  }
}

/**
 * (Re)indexes a package from its npm document (the registry's full document or one version's
 * package.json). Downloads and hits not given keep their indexed values. Throws DocumentError for a
 * document without a name or versions. `write` as for `SearchIndex.transaction`.
 */
export function indexDocument(index: SearchIndex, doc: unknown, extra: IndexExtra, codeHost: string, write: { lockWaitMs?: number } = {}): SearchRecord {
  const name = typeof doc === 'object' && doc !== null ? (doc as { name?: unknown }).name : undefined;
  const known = typeof name === 'string' ? index.get(name) : undefined;
  const record = recordFromDocument(
    doc,
    {
      ...extra,
      downloads: extra.downloads ?? known?.downloads,
      jsDelivrHits: extra.jsDelivrHits ?? known?.jsDelivrHits,
    },
    { codeHost },
  );
  index.transaction(() => index.upsert(record, 'document'), write);
  return record;
}

export function indexPackageDocument(config: Config, doc: unknown, extra: IndexExtra = {}): SearchRecord {
  const index = acquireSearchIndex(config);
  try {
    return indexDocument(index, doc, extra, codeHostOf(config));
  } finally {
    releaseSearchIndex(config);
  }
}
