/**
 * The one PackageStore kept in memory, for the tests of the services that read the package layer (the CDN,
 * the data API, the web server's readmes and share images) without its upstreams: packages are declared as plain objects,
 * their files are written once into a temporary content-addressed folder (as the real cache does), and
 * resolution follows the contract (exact, ranges, tags, latest; branches and commits for repositories).
 * It counts listing and file calls so tests can see that work is not repeated.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import {
  PackageError,
  type PackageRef,
  type PackageStore,
  type PackageVersions,
  type ResolvedVersion,
  type StoredFile,
  type VersionListing,
} from '../types.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

export interface MemoryVersion {
  files: Record<string, string | Buffer>;
  manifest?: Record<string, unknown>;
  /** Path of the default file, as the package layer would compute it from the manifest. */
  default?: string | null;
  /** The registry's download address of the version, as its package document gives it. */
  tarball?: string;
}

export interface MemoryPackage {
  ref: PackageRef;
  versions: Record<string, MemoryVersion>;
  tags?: Record<string, string>;
  /** Repositories: branch name -> version key in `versions`. */
  branches?: Record<string, string>;
  /** Repositories: full commit hash -> version key in `versions`. */
  commits?: Record<string, string>;
}

export class MemoryPackageStore implements PackageStore {
  readonly dir = temporaryFolder('memory-package-store');
  readonly calls = { resolve: 0, listing: 0, file: 0 };
  /** When set, resolve() answers from memory but says the upstream could not be reached. */
  stale = false;
  /** Package name -> error that resolve() throws (upstream failures). */
  readonly resolveFailures = new Map<string, PackageError>();
  /** Package name -> error that listing() and file() throw (fetch or extraction failures, size limit). */
  readonly fetchFailures = new Map<string, PackageError>();
  private readonly stored = new Map<string, StoredFile[]>();

  constructor(private readonly packages: MemoryPackage[]) {}

  private find(ref: PackageRef): MemoryPackage {
    const pkg = this.packages.find((p) => p.ref.type === ref.type && p.ref.name === ref.name);
    if (!pkg) throw PackageError.packageNotFound(ref.name);
    return pkg;
  }

  async resolve(ref: PackageRef, requested: string): Promise<ResolvedVersion> {
    this.calls.resolve++;
    const failure = this.resolveFailures.get(ref.name);
    if (failure) throw failure;
    const pkg = this.find(ref);
    const base = { ...ref, requested, stale: this.stale };
    const tags = pkg.tags ?? {};
    const wanted = ref.type === 'gh' ? requested.replace(/^v(?=\d)/, '') : requested;
    if (pkg.versions[wanted] && semver.valid(wanted)) return { ...base, version: wanted, kind: 'version' };
    if (ref.type === 'gh' && pkg.commits?.[requested]) return { ...base, version: requested, kind: 'commit' };
    if (ref.type === 'gh' && pkg.branches?.[requested]) return { ...base, version: requested, kind: 'branch' };
    const tag = tags[requested === '' ? 'latest' : requested];
    if (tag) return { ...base, version: tag, kind: 'alias' };
    if (semver.validRange(wanted)) {
      const best = semver.maxSatisfying(
        Object.keys(pkg.versions).filter((v) => semver.valid(v)),
        wanted,
      );
      if (best) return { ...base, version: best, kind: 'alias' };
    }
    throw PackageError.versionNotFound(requested);
  }

  async versions(ref: PackageRef): Promise<PackageVersions> {
    const pkg = this.find(ref);
    const versions = Object.keys(pkg.versions)
      .filter((v) => semver.valid(v))
      .sort(semver.rcompare)
      .map((version) => {
        const tarball = pkg.versions[version]?.tarball;
        return tarball ? { version, tarball } : { version };
      });
    return { ...ref, tags: pkg.tags ?? {}, versions, stale: this.stale };
  }

  private version(ref: PackageRef, version: string): MemoryVersion {
    const pkg = this.find(ref);
    const key = pkg.branches?.[version] ?? pkg.commits?.[version] ?? version;
    const found = pkg.versions[key];
    if (!found) throw PackageError.versionNotFound(version);
    return found;
  }

  private files(ref: PackageRef, version: string): StoredFile[] {
    const failure = this.fetchFailures.get(ref.name);
    if (failure) throw failure;
    const key = `${ref.type}:${ref.name}@${version}`;
    let files = this.stored.get(key);
    if (!files) {
      files = Object.entries(this.version(ref, version).files).map(([filePath, content]) => {
        const bytes = Buffer.from(content);
        const sha256 = crypto.createHash('sha256').update(bytes).digest('base64');
        const diskPath = path.join(this.dir, crypto.createHash('sha256').update(bytes).digest('hex'));
        if (!fs.existsSync(diskPath)) fs.writeFileSync(diskPath, bytes);
        return { path: filePath, size: bytes.length, sha256, time: '2026-01-02T03:04:05.000Z', diskPath };
      });
      files.sort((a, b) => a.path.localeCompare(b.path));
      this.stored.set(key, files);
    }
    return files;
  }

  async listing(ref: PackageRef, version: string): Promise<VersionListing> {
    this.calls.listing++;
    const files = this.files(ref, version).map(({ diskPath: _diskPath, ...entry }) => entry);
    return { ...ref, version, files, default: this.version(ref, version).default ?? null };
  }

  async file(ref: PackageRef, version: string, filePath: string): Promise<StoredFile | null> {
    this.calls.file++;
    return this.files(ref, version).find((f) => f.path === filePath) ?? null;
  }

  async manifest(ref: PackageRef, version: string): Promise<Record<string, unknown> | null> {
    return this.version(ref, version).manifest ?? null;
  }

  async expire(): Promise<void> {}

  /** As the real store: the versions naming the file are forgotten, and written again on their next lookup. */
  async vanished(diskPath: string): Promise<void> {
    for (const [key, files] of this.stored) if (files.some((file) => file.diskPath === diskPath)) this.stored.delete(key);
  }

  /** Everything here is in memory already. */
  prefetch(): void {}

  /** Everything here is in memory; a package made to fail its fetch is never cached. */
  async cached(ref: PackageRef): Promise<boolean> {
    return !this.fetchFailures.has(ref.name);
  }
}
