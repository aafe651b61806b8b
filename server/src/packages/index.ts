/**
 * The package layer: everything the CDN and the data API need below HTTP. Builds the PackageStore from the
 * configuration out of the upstream clients, the document cache, version resolution and the version store.
 */
import path from 'node:path';
import semver from 'semver';
import type { Registry } from 'prom-client';
import type { Config } from '../config/config.ts';
import { createDiskDocuments } from './documents/diskDocuments.ts';
import { DocumentCache, type CachedValue } from './documents/documentCache.ts';
import { createGitHubClient } from './github/githubClient.ts';
import { expectedDigest } from './extract/integrity.ts';
import type { NpmDocument } from './npm/npmDocument.ts';
import { createRegistryClient } from './npm/registryClient.ts';
import { COMMIT_RE, findTag, highestTag, repoVersions, resolveGitHubRef, type RepoDocument } from './resolve/resolveGitHub.ts';
import { exactVersion, resolveNpmVersion } from './resolve/resolveNpm.ts';
import { ContentStore } from './storage/contentStore.ts';
import type { RecoveryReport } from './storage/crashRecovery.ts';
import { TOUCH_INTERVAL_MS, processUses, sweep, type SweepReport } from './storage/diskBudget.ts';
import { sharedFilesFor } from './storage/sharedBucket.ts';
import { readIndex, type LoadedVersion } from './storage/versionIndex.ts';
import { VersionStore } from './storage/versionStore.ts';
import { PackageError, type FileEntry, type PackageRef, type PackageStore, type PackageVersions, type ResolvedVersion, type StoredFile, type VersionListing } from './types.ts';
import { createPackageMetrics, type CacheName, type CacheResult } from './upstream/metrics.ts';
import { validateRef, validateRequested } from './validate.ts';

export * from './types.ts';
export type { NpmDocument } from './npm/npmDocument.ts';

export interface PackageStoreOptions {
  /** Registry to add the package layer's metrics to (the service's /metrics). */
  metrics?: Registry;
  /** How long a package document is fresh (default 60 s). */
  documentTtlMs?: number;
  /** After that, how long it is still served while refreshed in the background (default 10 min). */
  staleWhileRevalidateMs?: number;
  /** Where failures of background work are reported. */
  onError?: (error: unknown, context: string) => void;
  /**
   * Called when a fresh npm package document arrives from the registry (not on cache hits), abbreviated or
   * full, so that the search index follows every package served. Must return at once: it runs on the
   * request's path.
   */
  onNpmDocument?: (fetched: FetchedNpmDocument) => void;
  /**
   * Told of every lookup in the package caches, as it happens, on the path of the request that caused it
   * (so a caller can tie it to that request through its async context). Must return at once.
   */
  onCacheLookup?: (cache: CacheName, result: CacheResult) => void;
  /** Told at start-up when a process before this one did not close the store, with what was checked and removed. */
  onRecovery?: (report: RecoveryReport) => void;
  /**
   * Keep the file cache within `config.limits.cacheBudgetBytes` (one service per deployment does it: the CDN),
   * counting the generated files of these folders too; told of each sweep that evicted something.
   */
  diskBudget?: { generatedDirs: readonly string[]; onSweep?: (report: SweepReport) => void; onError?: (error: unknown) => void };
}

/** An npm package document just fetched from the registry, with access to what this machine already holds of it. */
export interface FetchedNpmDocument {
  name: string;
  document: NpmDocument;
  /** The manifest and files of a version already extracted here, or null; never downloads anything. */
  extracted(version: string): Promise<ExtractedVersion | null>;
}

export interface ExtractedVersion {
  manifest: Record<string, unknown> | null;
  files: readonly FileEntry[];
}

export interface ClosablePackageStore extends PackageStore {
  /** Resolves when every document fetched so far is on disk (they are written in the background). */
  flush(): Promise<void>;
  /** Finishes background writes; call at shutdown. */
  close(): Promise<void>;
}

interface BranchHead {
  sha: string;
}

/** An exact version missing from a document this old triggers one refetch (it may just have been published). */
const REFETCH_FOR_MISSING_MS = 2_000;

export async function createPackageStore(config: Config, options: PackageStoreOptions = {}): Promise<ClosablePackageStore> {
  const root = path.join(config.dataDir, 'packages');
  const metrics = createPackageMetrics(options.metrics, options.onCacheLookup);
  const content = new ContentStore(root);
  const recovery = await content.init();
  if (recovery.since !== null) options.onRecovery?.(recovery);
  const ttlMs = options.documentTtlMs ?? 60_000;
  const staleWhileRevalidateMs = options.staleWhileRevalidateMs ?? 10 * 60_000;
  const onBackgroundError = (key: string, error: unknown): void => options.onError?.(error, key);
  const onDocumentLookup = (result: 'hit' | 'miss' | 'stale'): void => metrics.cacheLookup('document', result);

  const registry = createRegistryClient({ registry: config.upstream.npmRegistry, timeoutMs: config.upstream.timeoutMs, metrics });
  const github = createGitHubClient({
    apiUrl: config.upstream.githubApi,
    archiveUrl: config.upstream.githubArchive,
    token: config.upstream.githubToken,
    timeoutMs: config.upstream.timeoutMs,
    metrics,
  });

  const documentCache = <T extends object>(
    folder: string,
    fetch: (key: string) => Promise<T>,
    maxEntries: number,
    onFetched?: (key: string, value: T) => void,
  ): DocumentCache<T> =>
    new DocumentCache<T>({
      fetch,
      ttlMs,
      staleWhileRevalidateMs,
      maxEntries,
      disk: createDiskDocuments<T>(path.join(root, 'documents', folder)),
      onLookup: onDocumentLookup,
      onBackgroundError,
      onFetched,
    });

  // Read from memory or the version's index file, without putting it in memory: the search index's
  // curiosity must not push out the versions the CDN serves.
  const extracted = async (name: string, version: string): Promise<ExtractedVersion | null> => {
    const key = npmKey(name, version);
    const loaded = versions.peek(key);
    if (loaded) return { manifest: loaded.manifest, files: loaded.files };
    const index = await readIndex(root, key);
    return index ? { manifest: index.manifest, files: index.files.map(({ path: file, size, sha256, time }) => ({ path: file, size, sha256, time })) } : null;
  };
  const onNpmDocument = options.onNpmDocument;
  const npmFetched = onNpmDocument
    ? (_key: string, document: NpmDocument): void =>
        onNpmDocument({ name: document.name, document, extracted: (version) => extracted(document.name, version) })
    : undefined;

  // Keys carry the name after the first ':'.
  const after = (key: string): string => key.slice(key.indexOf(':') + 1);
  const npmDocs = documentCache<NpmDocument>('npm', (key) => registry.document(after(key), 'abbreviated'), 20_000, npmFetched);
  const npmFullDocs = documentCache<NpmDocument>('npm-full', (key) => registry.document(after(key), 'full'), 2_000, npmFetched);
  const repoDocs = documentCache<RepoDocument>(
    'gh',
    async (key) => {
      const repo = after(key);
      const [{ defaultBranch }, tags] = await Promise.all([github.repository(repo), github.tags(repo)]);
      return { defaultBranch, tags: tags.map((t) => ({ name: t.name, sha: t.sha.toLowerCase() })) };
    },
    5_000,
  );
  const branchHeads = documentCache<BranchHead>(
    'gh-branch',
    async (key) => {
      const [repo, branch] = splitBranchKey(after(key));
      const sha = await github.branch(repo, branch);
      if (!sha) throw PackageError.versionNotFound(branch);
      return { sha };
    },
    10_000,
  );

  // Uses reach the files' times once a minute; where this store keeps the budget, a sweep follows, and one
  // comes sooner when a twentieth of the budget arrived since the last.
  let arrived = 0;
  let sweeping: Promise<void> | null = null;
  const budget = options.diskBudget;
  const maintain = (): Promise<void> =>
    (sweeping ??= (async () => {
      await processUses.flush();
      if (!budget) return;
      arrived = 0;
      const report = await sweep({ root, generatedDirs: budget.generatedDirs, budgetBytes: config.limits.cacheBudgetBytes });
      if (report.evictedVersions + report.evictedGenerated + report.removedOrphans > 0) budget.onSweep?.(report);
    })()
      .catch((error: unknown) => budget?.onError?.(error))
      .finally(() => (sweeping = null)));
  const maintenance = setInterval(() => void maintain(), TOUCH_INTERVAL_MS);
  maintenance.unref();
  const shared = sharedFilesFor(config, { metrics: options.metrics, onError: options.onError });
  const versions = new VersionStore({
    root,
    content,
    limitBytes: config.limits.packageSizeBytes,
    onLookup: (result) => metrics.cacheLookup('version', result),
    onExtracted: (bytes) => {
      arrived += bytes;
      if (budget && arrived > config.limits.cacheBudgetBytes / 20) void maintain();
    },
    shared,
    onWriteFailure: (error, key) => options.onError?.(error, `the file cache could not store ${key}`),
  });

  const npmKey = (name: string, version: string): string => `npm/${name}/${version}`;
  const ghKey = (repo: string, sha: string): string => `gh/${repo}/${sha}`;

  /** The npm document, refetched once when it lacks an exact version that may just have been published. */
  async function npmDocumentWith(name: string, version: string | null): Promise<CachedValue<NpmDocument>> {
    const cached = await npmDocs.get(`npm:${name}`);
    if (version === null || cached.value.versions[version] || cached.stale) return cached;
    return npmDocs.get(`npm:${name}`, { maxAgeMs: REFETCH_FOR_MISSING_MS });
  }

  async function resolveNpm(name: string, requested: string): Promise<ResolvedVersion> {
    const exact = exactVersion(requested);
    if (exact) {
      // An extracted version is immutable: no document needed, and it keeps working while the registry is down.
      if (versions.peek(npmKey(name, exact)) || (await versions.local(npmKey(name, exact)))) {
        return { type: 'npm', name, requested, version: exact, kind: 'version', stale: false };
      }
    }
    const doc = await npmDocumentWith(name, exact);
    const resolved = resolveNpmVersion(doc.value, requested);
    if (!resolved) throw PackageError.versionNotFound(requested);
    return { type: 'npm', name, requested, version: resolved.version, kind: resolved.kind, stale: doc.stale };
  }

  async function resolveGh(repo: string, requested: string): Promise<ResolvedVersion> {
    if (COMMIT_RE.test(requested)) {
      return { type: 'gh', name: repo, requested, version: requested.toLowerCase(), kind: 'commit', stale: false };
    }
    const doc = await repoDocs.get(`gh:${repo}`);
    const resolved = resolveGitHubRef(doc.value, requested);
    if (resolved.found) return { type: 'gh', name: repo, requested, version: resolved.version, kind: resolved.kind, stale: doc.stale };
    const head = await branchHeads.get(`gh-branch:${repo}#${resolved.branch}`);
    return { type: 'gh', name: repo, requested, version: resolved.branch, kind: 'branch', stale: doc.stale || head.stale };
  }

  /** The commit a GitHub version (tag version, tag name, branch or commit) stands for. */
  async function commitOf(repo: string, version: string): Promise<string> {
    if (COMMIT_RE.test(version)) return version.toLowerCase();
    const doc = await repoDocs.get(`gh:${repo}`);
    const tag = findTag(doc.value, version);
    if (tag) return tag.sha;
    return (await branchHeads.get(`gh-branch:${repo}#${version}`)).value.sha;
  }

  async function loadNpm(name: string, version: string): Promise<LoadedVersion> {
    if (semver.valid(version) !== version) throw PackageError.versionNotFound(version);
    const key = npmKey(name, version);
    return versions.get(key, async () => {
        const doc = await npmDocumentWith(name, version);
        const info = doc.value.versions[version];
        if (!info) throw PackageError.versionNotFound(version);
        // The registry says it is too big: refused without downloading it (and remembered like any refusal).
        if (info.unpackedSize !== undefined && info.unpackedSize > config.limits.packageSizeBytes) throw PackageError.sizeExceeded(config.limits.packageSizeBytes);
        const response = await registry.tarball(name, version, info.tarball);
        return { label: `${name}@${version}`, body: response.body, done: response.done, expected: expectedDigest(info.integrity, info.shasum) };
      });
  }

  async function loadGh(repo: string, version: string): Promise<LoadedVersion> {
    const sha = await commitOf(repo, version);
    const key = ghKey(repo, sha);
    return versions.get(key, async () => {
        const response = await github.archive(repo, sha);
        return { label: `${repo}@${sha}`, body: response.body, done: response.done };
      });
  }

  function load(ref: PackageRef, version: string): Promise<LoadedVersion> {
    // Hot path: an npm version already in memory was validated when it was first loaded.
    if (ref.type === 'npm') {
      const hit = versions.peek(npmKey(ref.name, version));
      if (hit) {
        metrics.cacheLookup('version', 'hit');
        return Promise.resolve(hit);
      }
    }
    validateRef(ref);
    validateRequested(version);
    if (version === '') return Promise.reject(PackageError.versionNotFound(version));
    return ref.type === 'npm' ? loadNpm(ref.name, version) : loadGh(ref.name, version);
  }

  const flush = async (): Promise<void> => {
    await Promise.all([npmDocs.flush(), npmFullDocs.flush(), repoDocs.flush(), branchHeads.flush()]);
  };

  return {
    async resolve(ref, requested) {
      validateRef(ref);
      validateRequested(requested);
      return ref.type === 'npm' ? resolveNpm(ref.name, requested) : resolveGh(ref.name, requested);
    },

    async versions(ref): Promise<PackageVersions> {
      validateRef(ref);
      if (ref.type === 'npm') {
        const doc = await npmFullDocs.get(`npm-full:${ref.name}`);
        const time = doc.value.time ?? {};
        return {
          type: 'npm',
          name: ref.name,
          tags: { ...doc.value.distTags },
          versions: doc.value.order.map((version) => ({
            version,
            ...(doc.value.versions[version]?.deprecated ? { deprecated: true } : {}),
            ...(time[version] ? { time: time[version] } : {}),
            ...(doc.value.versions[version]?.tarball ? { tarball: doc.value.versions[version]!.tarball } : {}),
          })),
          stale: doc.stale,
        };
      }
      const doc = await repoDocs.get(`gh:${ref.name}`);
      return {
        type: 'gh',
        name: ref.name,
        tags: { latest: highestTag(doc.value) ?? doc.value.defaultBranch },
        versions: repoVersions(doc.value).map((version) => ({ version })),
        stale: doc.stale,
      };
    },

    async listing(ref, version): Promise<VersionListing> {
      const loaded = await load(ref, version);
      return { type: ref.type, name: ref.name, version: ref.type === 'gh' ? ghVersionName(version) : version, files: loaded.files, default: loaded.default };
    },

    async file(ref, version, filePath): Promise<StoredFile | null> {
      const loaded = await load(ref, version);
      return loaded.byPath.get(filePath.startsWith('/') ? filePath : `/${filePath}`) ?? null;
    },

    async manifest(ref, version) {
      return (await load(ref, version)).manifest;
    },

    async expire(ref) {
      validateRef(ref);
      if (ref.type === 'npm') {
        npmDocs.expire(`npm:${ref.name}`);
        npmFullDocs.expire(`npm-full:${ref.name}`);
        versions.forgetFailures(npmKey(ref.name, ''));
      } else {
        repoDocs.expire(`gh:${ref.name}`);
        branchHeads.expirePrefix(`gh-branch:${ref.name}#`);
        versions.forgetFailures(ghKey(ref.name, ''));
      }
    },

    flush,

    async close() {
      // Nothing holds sockets or timers between requests; what remains is documents still being written to disk.
      clearInterval(maintenance);
      await sweeping;
      await processUses.flush();
      await flush();
      await content.close();
      await shared?.close();
    },
  };
}

/** Commits are named in lower case, as resolution does; tags and branches as asked. */
function ghVersionName(version: string): string {
  return COMMIT_RE.test(version) ? version.toLowerCase() : version;
}

function splitBranchKey(value: string): [string, string] {
  const hash = value.indexOf('#');
  return [value.slice(0, hash), value.slice(hash + 1)];
}
