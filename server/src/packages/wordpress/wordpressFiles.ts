/**
 * WordPress files and folder listings, kept in a disk cache of generated files (the CDN's artifact store,
 * which the disk budget sweeps) so that each is fetched from the upstream once: for good at a tag or a theme
 * version, which never change, and once per `trunkTtlMs` for a plugin's trunk, which moves. A path that is
 * not there is remembered for a minute, so a missing file does not send every request upstream.
 */
import { LRUCache } from 'lru-cache';
import type { SvnEntry } from './svnListing.ts';
import type { UpstreamPath, WordPressClient } from './wordpressClient.ts';
import { upstreamUrl, type WordPressBases, type WordPressRef } from './wordpressRef.ts';
import { readStoredText } from '../storedFile.ts';

export interface CachedBlob {
  diskPath: string;
  size: number;
  /** SHA-256 of the content, base64. */
  sha256: string;
}

/** Parts stored under a key, built once (the CDN's ArtifactStore). */
export interface BlobCache {
  get(namespace: string, key: string, build: () => Promise<Record<string, Buffer>>): Promise<Record<string, CachedBlob>>;
}

export type WordPressFile = { kind: 'file'; body: CachedBlob } | { kind: 'directory' };

export interface Fetched<T> {
  value: T;
  /** False when this call had to ask the upstream. */
  hit: boolean;
}

export interface WordPressFilesOptions {
  client: WordPressClient;
  cache: BlobCache;
  bases: WordPressBases;
  /** How long a trunk file or listing is served before the upstream is asked again (default 5 minutes). */
  trunkTtlMs?: number;
  /** The clock trunk's periods are counted by (default `Date.now`); tests move it instead of waiting. */
  now?: () => number;
}

const MISSING_TTL_MS = 60_000;

export class WordPressFiles {
  private readonly missing = new LRUCache<string, true>({ max: 10_000, ttl: MISSING_TTL_MS });

  constructor(private readonly options: WordPressFilesOptions) {}

  /** The file at `path` ('/dir/file'), `directory` for a folder, null when there is none. */
  async file(ref: WordPressRef, path: string): Promise<Fetched<WordPressFile | null>> {
    const found = await this.cached('wp-file', ref, path, async (): Promise<Record<string, Buffer> | null> => {
      const upstream: UpstreamPath | null = await this.options.client.file(ref, path);
      if (!upstream) return null;
      // A folder is recorded as such, so that its redirect costs no upstream request either.
      return upstream.kind === 'directory' ? { directory: Buffer.alloc(0) } : { file: upstream.content };
    });
    if (!found.value) return { value: null, hit: found.hit };
    const file = found.value['file'];
    return { value: file ? { kind: 'file', body: file } : { kind: 'directory' }, hit: found.hit };
  }

  /** The entries of the folder `dir` ('/' or '/dir/'), null when there is no such folder. */
  async listing(ref: WordPressRef, dir: string): Promise<Fetched<SvnEntry[] | null>> {
    const found = await this.cached('wp-listing', ref, dir, async () => {
      const entries = await this.options.client.listing(ref, dir);
      return entries ? { listing: Buffer.from(JSON.stringify(entries)) } : null;
    });
    const blob = found.value?.['listing'];
    if (!blob) return { value: null, hit: found.hit };
    return { value: JSON.parse(await readStoredText(blob)) as SvnEntry[], hit: found.hit };
  }

  private async cached(
    namespace: string,
    ref: WordPressRef,
    path: string,
    build: () => Promise<Record<string, Buffer> | null>,
  ): Promise<Fetched<Record<string, CachedBlob> | null>> {
    const url = upstreamUrl(this.options.bases, ref, path);
    // Trunk moves: its entries are keyed by the period they were fetched in, and a new period fetches again.
    const key = ref.trunk ? `${url}\n${Math.floor((this.options.now ?? Date.now)() / (this.options.trunkTtlMs ?? 5 * 60_000))}` : url;
    const missKey = `${namespace}:${key}`;
    if (this.missing.has(missKey)) return { value: null, hit: true };
    let hit = true;
    try {
      const parts = await this.options.cache.get(namespace, key, async () => {
        hit = false;
        const built = await build();
        if (!built) throw new NotThere();
        return built;
      });
      return { value: parts, hit };
    } catch (error) {
      if (!(error instanceof NotThere)) throw error;
      this.missing.set(missKey, true);
      return { value: null, hit: false };
    }
  }
}

class NotThere extends Error {}
