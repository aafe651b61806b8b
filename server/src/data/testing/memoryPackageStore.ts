/**
 * A PackageStore over packages held in memory, for tests of the data API's own behaviour (shapes, caching,
 * errors) without the package layer's upstreams. Resolution follows npm's rules with `semver`.
 */
import crypto from 'node:crypto';
import semver from 'semver';
import {
  PackageError,
  type FileEntry,
  type PackageRef,
  type PackageStore,
  type PackageVersions,
  type ResolvedVersion,
  type StoredFile,
  type VersionListing,
} from '../../packages/types.ts';

export interface MemoryPackage {
  ref: PackageRef;
  tags: Record<string, string>;
  versions: Record<string, { files: Record<string, string>; manifest?: Record<string, unknown>; default?: string | null }>;
}

const sha256 = (content: string): string => crypto.createHash('sha256').update(content).digest('base64');

export class MemoryPackageStore implements PackageStore {
  constructor(private readonly packages: MemoryPackage[]) {}

  private find(ref: PackageRef): MemoryPackage {
    const found = this.packages.find((p) => p.ref.type === ref.type && p.ref.name === ref.name);
    if (!found) throw PackageError.packageNotFound(ref.name);
    return found;
  }

  async resolve(ref: PackageRef, requested: string): Promise<ResolvedVersion> {
    const pkg = this.find(ref);
    const versions = Object.keys(pkg.versions);
    const wanted = requested === '' ? 'latest' : requested;
    if (pkg.versions[wanted]) return { ...ref, requested, version: wanted, kind: 'version', stale: false };
    const tagged = pkg.tags[wanted];
    const version = tagged ?? (semver.validRange(wanted) ? semver.maxSatisfying(versions, wanted) : null);
    if (!version) throw PackageError.versionNotFound(requested);
    return { ...ref, requested, version, kind: 'alias', stale: false };
  }

  async versions(ref: PackageRef): Promise<PackageVersions> {
    const pkg = this.find(ref);
    return { ...ref, tags: pkg.tags, versions: Object.keys(pkg.versions).map((version) => ({ version })), stale: false };
  }

  async listing(ref: PackageRef, version: string): Promise<VersionListing> {
    const data = this.find(ref).versions[version];
    if (!data) throw PackageError.versionNotFound(version);
    const files: FileEntry[] = Object.entries(data.files).map(([path, content]) => ({
      path,
      size: Buffer.byteLength(content),
      sha256: sha256(content),
      time: '2026-01-01T00:00:00.000Z',
    }));
    return { ...ref, version, files, default: data.default ?? null };
  }

  async file(ref: PackageRef, version: string, path: string): Promise<StoredFile | null> {
    const listing = await this.listing(ref, version);
    const entry = listing.files.find((f) => f.path === path);
    return entry ? { ...entry, diskPath: '' } : null;
  }

  async manifest(ref: PackageRef, version: string): Promise<Record<string, unknown> | null> {
    return this.find(ref).versions[version]?.manifest ?? null;
  }

  async expire(): Promise<void> {}

  /** Everything here is in memory. */
  async cached(): Promise<boolean> {
    return true;
  }
}
