/**
 * The package layer: everything the CDN and the data API need below HTTP. `createPackageStore` is the one
 * way to build a store: it wires the upstream clients, the cached documents, the fleet's shared aliases,
 * the resolver, the version store and loader, and the disk upkeep, each a module with one job.
 */
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { sizeLimitOf } from '../config/sizeLimits.ts';
import { memoryCacheBudgets } from '../config/memoryCaches.ts';
import { packageAccess } from './access.ts';
import { MemoryState } from '../fleetState/index.ts';
import { packageVersions } from './documents/packageVersions.ts';
import { UpstreamDocuments } from './documents/upstreamDocuments.ts';
import { createGitHubClient } from './github/githubClient.ts';
import { PublishedManifests } from './npm/publishedManifests.ts';
import { createRegistryClient } from './npm/registryClient.ts';
import type { ClosablePackageStore, ExtractedVersion, PackageStoreOptions } from './options.ts';
import { COMMIT_RE } from './resolve/resolveGitHub.ts';
import { exactVersion } from './resolve/resolveNpm.ts';
import { ghKey, npmKey, refOfKey, Resolver } from './resolve/resolver.ts';
import { SharedAliases } from './resolve/sharedAliases.ts';
import { ContentStore } from './storage/contentStore.ts';
import { Maintenance } from './storage/maintenance.ts';
import { SingleFiles } from './storage/singleFiles.ts';
import { sharedFilesFor } from './storage/sharedBucket.ts';
import { readIndex } from './storage/versionIndex.ts';
import { VersionLoader } from './storage/versionLoader.ts';
import { VersionStore } from './storage/versionStore.ts';
import { PackageError, type PackageRef, type PackageVersions, type StoredFile, type VersionListing } from './types.ts';
import { createPackageMetrics } from './upstream/metrics.ts';
import { validateRef, validateRequested } from './validate.ts';

export * from './types.ts';
export { readStored, readStoredText } from './storedFile.ts';
export type * from './options.ts';
export type { NpmDocument } from './npm/npmDocument.ts';

export async function createPackageStore(config: Config, options: PackageStoreOptions = {}): Promise<ClosablePackageStore> {
  const root = path.join(config.dataDir, 'packages');
  const metrics = createPackageMetrics(options.metrics);
  const content = new ContentStore(root);
  const recovery = await content.init();
  if (recovery.since !== null) options.onRecovery?.(recovery);
  const ttlMs = options.documentTtlMs ?? 60_000;
  const access = packageAccess(config.access);
  // Refused before anything is looked up, so that no document or tarball of a refused package is requested.
  const checkAccess = (ref: PackageRef): void => {
    if (ref.type === 'npm') access.check(ref.name);
  };
  const shared = options.sharedState ?? new MemoryState();

  const registry = createRegistryClient({
    registry: config.upstream.npmRegistry,
    scopes: config.upstream.npm.scopes,
    credentials: config.upstream.npm.credentials,
    timeoutMs: config.upstream.timeoutMs,
    metrics,
  });
  const github = createGitHubClient({
    apiUrl: config.upstream.githubApi,
    archiveUrl: config.upstream.githubArchive,
    token: config.upstream.githubToken,
    timeoutMs: config.upstream.timeoutMs,
    metrics,
  });

  const sharedFiles = sharedFilesFor(config, { metrics: options.metrics, onError: options.onError });
  const maintenance = new Maintenance({
    root,
    budgetBytes: config.limits.cacheBudgetBytes,
    budget: options.diskBudget,
    host: {
      log: options.jobLog ?? {
        error: (fields) => (options.diskBudget?.onError ?? ((error) => options.onError?.(error, 'the file cache upkeep')))(fields['err']),
      },
      metrics: options.metrics,
    },
  });
  const memory = memoryCacheBudgets(config.limits.memoryCacheBytes);
  const versions = new VersionStore({
    root,
    content,
    maxBytesInMemory: memory.versionsBytes,
    limitBytes: (key) => sizeLimitOf(config.limits, refOfKey(key)),
    onLookup: (result) => metrics.cacheLookup('version', result),
    shared: sharedFiles,
    onWriteFailure: (error, key) => options.onError?.(error, `the file cache could not store ${key}`),
    fleetLock: {
      tryLock: (name, ttl) => shared.tryLock(name, ttl),
      waitForUnlock: (name) => shared.waitForUnlock(name),
      ttlMs: config.limits.downloadLockTtlMs,
    },
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
  const documents = new UpstreamDocuments(registry, github, {
    root,
    ttlMs,
    staleWhileRevalidateMs: options.staleWhileRevalidateMs ?? 10 * 60_000,
    memory,
    onLookup: (result) => metrics.cacheLookup('document', result),
    onBackgroundError: (key, error) => options.onError?.(error, key),
    now: options.now,
    onNpmFetched: onNpmDocument
      ? (document) => onNpmDocument({ name: document.name, document, extracted: (version) => extracted(document.name, version) })
      : undefined,
  });
  const aliases = new SharedAliases(shared, ttlMs);
  // Whether a version is extracted here (memory or disk), without downloading it.
  const extractedHere = async (key: string): Promise<boolean> => Boolean(versions.peek(key) ?? (await versions.local(key)));
  const resolver = new Resolver(documents, aliases, extractedHere);
  const singles = new SingleFiles({ root, content, maxFileBytes: config.limits.singleFileBytes });
  const published = new PublishedManifests(registry);
  const loader = new VersionLoader({ versions, documents, resolver, registry, github, metrics, limitOf: (ref) => sizeLimitOf(config.limits, ref), singles });

  return {
    async resolve(ref, requested) {
      validateRef(ref);
      checkAccess(ref);
      validateRequested(requested);
      return ref.type === 'npm' ? resolver.npm(ref.name, requested) : resolver.gh(ref.name, requested);
    },

    async versions(ref): Promise<PackageVersions> {
      validateRef(ref);
      checkAccess(ref);
      return packageVersions(documents, ref, await shared.purgedAt(`${ref.type}:${ref.name}`));
    },

    async listing(ref, version): Promise<VersionListing> {
      checkAccess(ref);
      const loaded = await loader.load(ref, version);
      return { type: ref.type, name: ref.name, version: ref.type === 'gh' ? ghVersionName(version) : version, files: loaded.files, default: loaded.default };
    },

    async file(ref, version, filePath, options) {
      checkAccess(ref);
      const wanted = filePath.startsWith('/') ? filePath : `/${filePath}`;
      // Past the size limit, single files are still served, each out of the tarball.
      const alone = (refusal: PackageError): Promise<StoredFile | null> => loader.npmFile(ref.name, version, wanted, refusal);
      try {
        const file = await loader.file(ref, version, wanted, options?.early === true);
        return file?.pending && ref.type === 'npm' ? { ...file, pending: confirmedOrAlone(file, file.pending, alone) } : file;
      } catch (error) {
        if (ref.type === 'npm' && isSizeRefusal(error)) return alone(error);
        throw error;
      }
    },

    prefetch(ref, requested) {
      // The version in memory, as most requests name it (exactly), is the one check of the hot path.
      if (ref.type !== 'npm' || versions.peek(npmKey(ref.name, requested))) return;
      const version = exactVersion(requested);
      if (!version || !access.allowed(ref.name) || versions.peek(npmKey(ref.name, version))) return;
      loader.load(ref, version).catch(() => undefined);
    },

    async cached(ref, version) {
      if (ref.type === 'npm' && !access.allowed(ref.name)) return false;
      try {
        return await extractedHere(ref.type === 'npm' ? npmKey(ref.name, version) : ghKey(ref.name, await resolver.commitOf(ref.name, version)));
      } catch {
        // The load that follows meets the same failure and reports it.
        return false;
      }
    },

    async manifest(ref, version) {
      checkAccess(ref);
      try {
        return (await loader.load(ref, version)).manifest;
      } catch (error) {
        // Past the size limit the files stay refused, but what the author published is still known.
        if (ref.type === 'npm' && isSizeRefusal(error)) return published.get(ref.name, version);
        throw error;
      }
    },

    async expire(ref) {
      validateRef(ref);
      documents.expire(ref);
      versions.forgetFailures(ref.type === 'npm' ? npmKey(ref.name, '') : `gh/${ref.name}/`);
      // After this store's documents went: whatever another instance recorded from an older one goes too.
      await aliases.purge(`${ref.type}:${ref.name}`);
    },

    vanished: (diskPath) => versions.vanished(diskPath),

    memoryCaches: () => [...versions.memoryCaches(), ...documents.memoryCaches()],

    async flush() {
      await versions.writesSettled();
      await documents.flush();
    },

    async close() {
      // Nothing holds sockets or timers between requests; what remains is versions and documents still being
      // written to disk.
      await maintenance.close();
      await versions.writesSettled();
      await documents.flush();
      await sharedFiles?.close();
      await content.close();
      if (!options.sharedState) await shared.close();
    },
  };
}

/** Commits are named in lower case, as resolution does; tags and branches as asked. */
function ghVersionName(version: string): string {
  return COMMIT_RE.test(version) ? version.toLowerCase() : version;
}

/** The refusal of a version over its size limit (not of an unsafe archive). */
/**
 * An early file (`StoredFile.pending`) of a version refused for its size is still served, alone out of the
 * tarball: confirmed when that is the very same file.
 */
function confirmedOrAlone(file: StoredFile, pending: Promise<void>, alone: (refusal: PackageError) => Promise<StoredFile | null>): Promise<void> {
  const confirmed = pending.catch(async (error: unknown) => {
    if (!isSizeRefusal(error) || (await alone(error))?.sha256 !== file.sha256) throw error;
  });
  confirmed.catch(() => undefined);
  return confirmed;
}

function isSizeRefusal(error: unknown): error is PackageError {
  return error instanceof PackageError && error.status === 403 && error.message.startsWith('Package size exceeded');
}
