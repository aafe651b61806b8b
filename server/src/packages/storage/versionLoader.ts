/**
 * Exact versions to their files: the npm tarball or the GitHub archive of the commit, downloaded and
 * extracted once (coalesced in this process, across processes on the folder, and across the fleet).
 */
import semver from 'semver';
import type { UpstreamDocuments } from '../documents/upstreamDocuments.ts';
import { expectedDigest } from '../extract/integrity.ts';
import type { GitHubClient } from '../github/githubClient.ts';
import type { NpmVersionInfo } from '../npm/npmDocument.ts';
import type { RegistryClient } from '../npm/registryClient.ts';
import { ghKey, npmKey, type Resolver } from '../resolve/resolver.ts';
import { PackageError, type PackageRef, type StoredFile } from '../types.ts';
import type { UpstreamResponse } from '../upstream/fetchUpstream.ts';
import type { PackageMetrics } from '../upstream/metrics.ts';
import { validateRef, validateRequested } from '../validate.ts';
import type { SingleFiles } from './singleFiles.ts';
import type { LoadedVersion } from './versionIndex.ts';
import type { VersionStore } from './versionStore.ts';

export interface LoaderParts {
  versions: VersionStore;
  documents: UpstreamDocuments;
  resolver: Resolver;
  registry: RegistryClient;
  github: GitHubClient;
  metrics: PackageMetrics;
  /** The unpacked size limit of a package or repository. */
  limitOf: (ref: PackageRef) => number;
  /** Files of npm versions over their limit, one at a time out of the tarball. */
  singles: SingleFiles;
}

export class VersionLoader {
  constructor(private readonly parts: LoaderParts) {}

  load(ref: PackageRef, version: string): Promise<LoadedVersion> {
    // Hot path: an npm version already in memory was validated when it was first loaded.
    if (ref.type === 'npm') {
      const hit = this.parts.versions.peek(npmKey(ref.name, version));
      if (hit) {
        this.parts.metrics.cacheLookup('version', 'hit');
        return Promise.resolve(hit);
      }
    }
    validateRef(ref);
    validateRequested(version);
    if (version === '') return Promise.reject(PackageError.versionNotFound(version));
    return ref.type === 'npm' ? this.npm(ref.name, version) : this.gh(ref.name, version);
  }

  /**
   * A file of a version, or null when the version has none at that path. With `early`, a file of an npm
   * version this process is downloading is given as soon as its bytes came out of the archive, provisionally
   * (`pending`, see `VersionStore.earlyFile`): for answers that can be cut short, never for what is built from it.
   */
  async file(ref: PackageRef, version: string, path: string, early = false): Promise<StoredFile | null> {
    const loading = this.load(ref, version);
    const key = ref.type === 'npm' ? npmKey(ref.name, version) : '';
    if (early && key && this.parts.versions.isLoading(key)) {
      // Settles with the version at the latest: its load ends every wait for an early file.
      const found = await Promise.race([this.parts.versions.earlyFile(key, path), loading.then(nothing, nothing)]);
      if (found) return found;
    }
    return (await loading).byPath.get(path) ?? null;
  }

  private async npm(name: string, version: string): Promise<LoadedVersion> {
    if (semver.valid(version) !== version) throw PackageError.versionNotFound(version);
    const { versions, documents } = this.parts;
    const limitBytes = this.parts.limitOf({ type: 'npm', name });
    let downloaded = false;
    const loaded = await versions.get(npmKey(name, version), async () => {
      downloaded = true;
      const { info, response } = await this.tarballOf(name, version, limitBytes);
      const length = Number(response.headers.get('content-length') ?? NaN);
      return {
        label: `${name}@${version}`,
        body: response.body,
        ...(Number.isSafeInteger(length) && length >= 0 ? { bytes: length } : {}),
        done: response.done,
        expected: expectedDigest(info.integrity, info.shasum),
      };
    });
    // A version fetched with its own document only: the package's follows, behind this answer.
    if (downloaded) documents.followNpm(name);
    return loaded;
  }

  /**
   * A never-seen version's tarball, with its document's facts. Unless those are at hand, the tarball is asked
   * for at its conventional address at the same time as the document, and kept when the document names that
   * address: a round trip saved on each never-seen version. Otherwise it is dropped unread.
   */
  private async tarballOf(name: string, version: string, limitBytes: number): Promise<{ info: NpmVersionInfo; response: UpstreamResponse }> {
    const { documents, registry } = this.parts;
    const known = documents.knownNpmVersion(name, version);
    const guess = known ? null : registry.tarballUrl(name, version);
    const alongside = guess ? registry.tarball(name, version, guess).catch(nothing) : Promise.resolve(null);
    const drop = (): void => void alongside.then((unused) => unused?.body.on('error', nothing).destroy());
    let info: NpmVersionInfo;
    try {
      info = known ?? (await documents.npmVersion(name, version)).info;
      // The registry says it is too big: refused without downloading it (and remembered like any refusal).
      if (info.unpackedSize !== undefined && info.unpackedSize > limitBytes) throw PackageError.sizeExceeded(limitBytes);
    } catch (error) {
      drop();
      throw error;
    }
    const early = info.tarball === guess ? await alongside : (drop(), null);
    // Left unread while the document was slow, its connection may have been given up on: asked for again.
    return { info, response: early && !early.body.destroyed ? early : await registry.tarball(name, version, info.tarball) };
  }

  /**
   * One file of an npm version refused for its size, streamed out of its tarball; null when it has no such
   * file. Only npm versions: their tarballs carry the integrity digest the file is checked against.
   */
  npmFile(name: string, version: string, filePath: string, refusal: PackageError): Promise<StoredFile | null> {
    const { documents, registry } = this.parts;
    return this.parts.singles.file(npmKey(name, version), filePath, async () => {
      const { info } = await documents.npmVersion(name, version);
      return {
        label: `${name}@${version}`,
        expected: expectedDigest(info.integrity, info.shasum),
        ...(info.unpackedSize !== undefined ? { unpackedSize: info.unpackedSize } : {}),
        refusal,
        open: async () => registry.tarball(name, version, info.tarball),
      };
    });
  }

  private async gh(repo: string, version: string): Promise<LoadedVersion> {
    const sha = await this.parts.resolver.commitOf(repo, version);
    return this.parts.versions.get(ghKey(repo, sha), async () => {
      const response = await this.parts.github.archive(repo, sha);
      return { label: `${repo}@${sha}`, body: response.body, done: response.done };
    });
  }
}

const nothing = (): null => null;
