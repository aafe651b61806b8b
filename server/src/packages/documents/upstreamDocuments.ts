/**
 * The four upstream documents the store resolves from, each cached (memory, disk copy, stale while
 * revalidating): npm package documents abbreviated (to resolve) and full (publication times), GitHub
 * repositories (default branch and tags) and branch heads. Keys carry the name after the first ':'.
 */
import path from 'node:path';
import type { MemoryCacheBudgets, MemoryCacheFigure } from '../../config/memoryCaches.ts';
import type { GitHubClient } from '../github/githubClient.ts';
import { LRUCache } from 'lru-cache';
import { parseVersionInfo, type NpmDocument, type NpmVersionInfo } from '../npm/npmDocument.ts';
import { npmDiskForm, npmDocumentBytes } from '../npm/documentThreads.ts';
import type { RegistryClient } from '../npm/registryClient.ts';
import type { RepoDocument } from '../resolve/resolveGitHub.ts';
import { PackageError, type PackageRef } from '../types.ts';
import { createDiskDocuments, type DiskForm } from './diskDocuments.ts';
import { DocumentCache, type CachedValue, type DocumentCacheOptions } from './documentCache.ts';

export interface BranchHead {
  sha: string;
}

export interface DocumentSettings {
  root: string;
  ttlMs: number;
  staleWhileRevalidateMs: number;
  onLookup: (result: 'hit' | 'miss' | 'stale') => void;
  onBackgroundError: (key: string, error: unknown) => void;
  /** Told of each npm document that just arrived from the registry. */
  onNpmFetched?: (document: NpmDocument) => void;
  /** The clock documents' ages are measured by (default `Date.now`). */
  now?: () => number;
  /** Memory for npm package documents, abbreviated and in full (`SKYLIFT_MEMORY_CACHE_BYTES`'s shares). */
  memory: Pick<MemoryCacheBudgets, 'npmDocumentsBytes' | 'npmFullDocumentsBytes'>;
}

/** An exact version missing from a document this old triggers one refetch (it may just have been published). */
const REFETCH_FOR_MISSING_MS = 2_000;

const after = (key: string): string => key.slice(key.indexOf(':') + 1);

export class UpstreamDocuments {
  private readonly npmDocs: DocumentCache<NpmDocument>;
  private readonly npmFullDocs: DocumentCache<NpmDocument>;
  private readonly repoDocs: DocumentCache<RepoDocument>;
  private readonly branchHeads: DocumentCache<BranchHead>;
  /** Exact versions' tarball and integrity, from the registry's document of each version: published, never changed. */
  private readonly npmVersions = new LRUCache<string, NpmVersionInfo>({ max: 20_000 });
  /** Version documents being asked for: simultaneous first requests share one. */
  private readonly askingVersions = new Map<string, Promise<NpmVersionInfo | null>>();
  /** Package documents fetched behind answers (`followNpm`). */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly registry: RegistryClient,
    github: GitHubClient,
    private readonly settings: DocumentSettings,
  ) {
    const onNpm = settings.onNpmFetched;
    const npmFetched = onNpm ? (_key: string, document: NpmDocument): void => onNpm(document) : undefined;
    const npmMemory = (maxBytes: number) => ({ maxBytes, sizeOf: npmDocumentBytes });
    this.npmDocs = this.cache<NpmDocument>(
      'npm',
      (key) => registry.document(after(key), 'abbreviated'),
      20_000,
      npmFetched,
      npmMemory(settings.memory.npmDocumentsBytes),
      npmDiskForm,
    );
    this.npmFullDocs = this.cache<NpmDocument>(
      'npm-full',
      (key) => registry.document(after(key), 'full'),
      2_000,
      npmFetched,
      npmMemory(settings.memory.npmFullDocumentsBytes),
      npmDiskForm,
    );
    this.repoDocs = this.cache<RepoDocument>(
      'gh',
      async (key) => {
        const repo = after(key);
        const [{ defaultBranch }, tags] = await Promise.all([github.repository(repo), github.tags(repo)]);
        return { defaultBranch, tags: tags.map((t) => ({ name: t.name, sha: t.sha.toLowerCase() })) };
      },
      5_000,
    );
    this.branchHeads = this.cache<BranchHead>(
      'gh-branch',
      async (key) => {
        const value = after(key);
        const hash = value.indexOf('#');
        const sha = await github.branch(value.slice(0, hash), value.slice(hash + 1));
        if (!sha) throw PackageError.versionNotFound(value.slice(hash + 1));
        return { sha };
      },
      10_000,
    );
  }

  private cache<T extends object>(
    folder: string,
    fetch: (key: string) => Promise<T>,
    maxEntries: number,
    onFetched?: (key: string, value: T) => void,
    memory?: DocumentCacheOptions<T>['memory'],
    diskForm?: DiskForm<T>,
  ): DocumentCache<T> {
    const { root, ttlMs, staleWhileRevalidateMs, onLookup, onBackgroundError, now } = this.settings;
    return new DocumentCache<T>({
      fetch,
      ttlMs,
      staleWhileRevalidateMs,
      maxEntries,
      memory,
      disk: createDiskDocuments<T>(path.join(root, 'documents', folder), diskForm),
      onLookup,
      onBackgroundError,
      onFetched,
      now,
    });
  }

  /**
   * The memory npm documents take against their budgets. A package of thousands of versions takes megabytes
   * (react's, 2,963 versions: about 1.9 MB); documents pushed out are read back from their disk copy when asked
   * for again. Repository documents and branch heads are a few hundred bytes each, bounded by their count.
   */
  memoryCaches(): MemoryCacheFigure[] {
    const figures: MemoryCacheFigure[] = [];
    for (const [cache, documents] of [
      ['npm_documents', this.npmDocs],
      ['npm_full_documents', this.npmFullDocs],
    ] as const) {
      const memory = documents.memoryBytes();
      if (memory) figures.push({ cache, ...memory });
    }
    return figures;
  }

  /**
   * The abbreviated npm document, refetched when it predates `purgedAt` (a purge elsewhere in the fleet) or
   * once when it lacks an exact `version` that may just have been published.
   */
  async npm(name: string, version: string | null, purgedAt: number | null = null): Promise<CachedValue<NpmDocument>> {
    const key = `npm:${name}`;
    const cached = await this.npmDocs.get(key, this.sincePurge(purgedAt));
    if (version === null || cached.value.versions[version] || cached.stale) return cached;
    return this.npmDocs.get(key, { maxAgeMs: REFETCH_FOR_MISSING_MS });
  }

  /**
   * What an exact version needs to be downloaded (its tarball, integrity and stated size), without the
   * package's whole document when that is not in memory: a package of thousands of versions has a document of
   * megabytes, which would be read and parsed before a never-seen version's first byte, where the registry's
   * document of that version is a few kilobytes. When the registry does not give the version (a missing
   * version or package, or the registry down), the package's document decides: it tells a missing package
   * from a missing version, and its disk copy answers while the registry is away.
   */
  /** A version's facts when they are at hand here (in a package or version document), without asking anyone. */
  knownNpmVersion(name: string, version: string): NpmVersionInfo | undefined {
    return (
      this.npmDocs.peek(`npm:${name}`)?.value.versions[version] ??
      this.npmFullDocs.peek(`npm-full:${name}`)?.value.versions[version] ??
      this.npmVersions.get(`${name}@${version}`)
    );
  }

  async npmVersion(name: string, version: string): Promise<{ info: NpmVersionInfo; stale: boolean }> {
    const cached = this.npmDocs.peek(`npm:${name}`);
    const inDocument = cached?.value.versions[version];
    if (cached && inDocument) return { info: inDocument, stale: cached.stale };
    // Missing from a document just fetched: not asked for again, so made-up versions cost the registry nothing.
    if (cached && cached.ageMs < REFETCH_FOR_MISSING_MS) throw PackageError.versionNotFound(version);
    const key = `${name}@${version}`;
    const known = this.npmVersions.get(key);
    if (known) return { info: known, stale: false };
    let asking = this.askingVersions.get(key);
    if (!asking) {
      asking = this.registry
        .versionDocument(name, version)
        .then(parseVersionInfo, () => null)
        .finally(() => this.askingVersions.delete(key));
      this.askingVersions.set(key, asking);
    }
    const fromVersion = await asking;
    if (fromVersion) {
      this.npmVersions.set(key, fromVersion);
      return { info: fromVersion, stale: false };
    }
    const doc = await this.npm(name, version);
    const info = doc.value.versions[version];
    if (!info) throw PackageError.versionNotFound(version);
    return { info, stale: doc.stale };
  }

  /**
   * Fetches the package's document, when it is not in memory, behind an answer that did without it (a
   * never-seen exact version): the search index learns of packages from their documents (`onNpmFetched`), and
   * the next range or tag request of the package finds it here. Called once the version is extracted, so that
   * reading a document of megabytes does not hold up the version's first answer.
   */
  followNpm(name: string): void {
    if (this.npmDocs.peek(`npm:${name}`)) return;
    const fetching = this.npm(name, null)
      .then(() => undefined)
      .catch((error: unknown) => this.settings.onBackgroundError(`npm:${name}`, error))
      .finally(() => this.background.delete(fetching));
    this.background.add(fetching);
  }

  npmFull(name: string, purgedAt: number | null = null): Promise<CachedValue<NpmDocument>> {
    return this.npmFullDocs.get(`npm-full:${name}`, this.sincePurge(purgedAt));
  }

  repo(repo: string, purgedAt: number | null = null): Promise<CachedValue<RepoDocument>> {
    return this.repoDocs.get(`gh:${repo}`, this.sincePurge(purgedAt));
  }

  branchHead(repo: string, branch: string, purgedAt: number | null = null): Promise<CachedValue<BranchHead>> {
    return this.branchHeads.get(`gh-branch:${repo}#${branch}`, this.sincePurge(purgedAt));
  }

  /** Makes the next lookups of the package ask the upstream (purge). */
  expire(ref: PackageRef): void {
    if (ref.type === 'npm') {
      this.npmDocs.expire(`npm:${ref.name}`);
      this.npmFullDocs.expire(`npm-full:${ref.name}`);
    } else {
      this.repoDocs.expire(`gh:${ref.name}`);
      this.branchHeads.expirePrefix(`gh-branch:${ref.name}#`);
    }
  }

  /**
   * A document fetched before the package's last purge is not fresh, whatever its age. A purge older than
   * a document's lifetime changes nothing (every document that old is refreshed anyway).
   */
  private sincePurge(purgedAt: number | null): { maxAgeMs?: number } {
    const since = purgedAt === null ? Infinity : (this.settings.now ?? Date.now)() - purgedAt;
    return since >= this.settings.ttlMs ? {} : { maxAgeMs: Math.max(0, since) };
  }

  async flush(): Promise<void> {
    while (this.background.size > 0) await Promise.all(this.background);
    await Promise.all([this.npmDocs.flush(), this.npmFullDocs.flush(), this.repoDocs.flush(), this.branchHeads.flush()]);
  }
}
