/**
 * The resolve stage: a parsed `+esm` request to its build key (the version resolved like any file's), and a key
 * to what it builds: the version's files as the resolution sees them, and the file the key names (or the shared
 * chunk), or the 404 that says why there is none. Nothing here builds or stores.
 */
import { LRUCache } from 'lru-cache';
import { PackageError, type PackageStore, type ResolvedVersion } from '../../../packages/types.ts';
import type { EsmRequest } from '../../url/parseEsmPath.ts';
import { buildKey, chunkId, keyLabel, moduleUrl, type BuildKey } from './buildKey.ts';
import { enterStage } from '../stages.ts';
import { browserMap, conditionsFor, probeFile, resolveEntry, type PackageFiles } from './entry.ts';
import type { EsmOptions } from '../../../cdnUrl/esmOptions.ts';
import { folderManifestPaths, packageFiles, readFolderManifests, type FolderManifests } from './folderManifests.ts';

/** Files a build can start from. */
const BUILDABLE = /\.(m|c)?jsx?$|\.(m|c)?tsx?$|\.json$/i;

/** The request's key and the version it resolved to (for the answer's version headers and cache policy). */
export interface ResolvedBuild {
  key: BuildKey;
  resolved: ResolvedVersion;
  /** Whether the URL is the pinned one (`/+esm/b1`), whose bytes never change, or the convenient one. */
  pinned: boolean;
}

/**
 * `current` is the generation this builder makes: the convenient URL's. A pinned URL names an exact version and
 * a generation that exists; an older one is served as it was kept (made now if it never was).
 */
export async function resolveBuild(store: PackageStore, request: EsmRequest, current: number): Promise<ResolvedBuild> {
  const pinned = request.generation !== null;
  if (pinned && request.generation! > current)
    throw new PackageError(404, `There is no build generation b${request.generation} yet: the newest is b${current}.`);
  const resolved = await store.resolve(request.ref, request.requested);
  if (pinned && resolved.kind !== 'version')
    throw PackageError.badRequest(
      `A pinned +esm URL names an exact version, and "${request.requested}" of ${request.ref.name} is not one: use ${request.ref.name}@${resolved.version}.`,
    );
  const key = buildKey(request.ref.name, resolved.version, request.path, request.options, request.generation ?? current);
  enterStage('resolve', () => moduleUrl(key));
  return { key, resolved, pinned };
}

/** A package version's files, as a build and the resolution of its entry see them. */
export interface VersionFiles {
  manifest: Record<string, unknown>;
  /** Every published file. */
  paths: ReadonlySet<string>;
  /** What the resolution probes: the files, and the folders with a package.json of their own. */
  has: PackageFiles;
  folders: FolderManifests;
}

function withoutBrowserField(manifest: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(manifest, 'browser')) return manifest;
  const { browser: _browser, ...rest } = manifest;
  return rest;
}

/**
 * The version's files as a build with these options reads them. The package.json `browser` field (a file for
 * browsers, files and packages swapped) is the package speaking to browsers, as the `browser` condition is:
 * a build that does not honour that condition (Deno's) reads the manifests without it, the package's own and
 * its folders', so that every later step resolves as Node and Deno do.
 */
export function filesFor(pkg: VersionFiles, options: Pick<EsmOptions, 'dev' | 'target'>): VersionFiles {
  if (conditionsFor(options).has('browser')) return pkg;
  const manifest = withoutBrowserField(pkg.manifest);
  const folders = new Map([...pkg.folders].map(([folder, folderManifest]) => [folder, withoutBrowserField(folderManifest)]));
  return { ...pkg, manifest, folders, has: packageFiles((p) => pkg.paths.has(p), folders, manifest) };
}

/** What a key builds: a shared chunk of its version, or a file of it. */
export type BuildTarget = { kind: 'chunk'; id: string } | { kind: 'file'; file: string };

/** A package with nothing to build is not there as a module: a 404 that says why (types-only packages are common). */
function noJavaScript(key: BuildKey, paths: ReadonlySet<string>): PackageError {
  const declarations = [...paths].some((p) => /\.d\.[cm]?ts$/.test(p));
  const why = declarations
    ? 'it ships TypeScript declarations only'
    : 'no exports, module, jsnext:main or main field names a JavaScript file, and there is no index.js';
  return new PackageError(404, `${keyLabel(key, '')} has no JavaScript entry point (${why}), so it has no ES module (+esm).`);
}

export class PackageVersions {
  /** The folder manifests of versions that have some (`folderManifests.ts`), read once per version. */
  private readonly folderManifests = new LRUCache<string, FolderManifests>({ max: 2_000 });

  constructor(private readonly store: PackageStore) {}

  /** The files of the key's version. Throws PackageError for unknown packages and versions. */
  async files(key: BuildKey): Promise<VersionFiles> {
    const ref = { type: 'npm' as const, name: key.name };
    const [listing, manifest] = await Promise.all([this.store.listing(ref, key.version), this.store.manifest(ref, key.version)]);
    const paths = new Set(listing.files.map((f) => f.path));
    const folders = await this.folders(key, paths);
    const root = manifest ?? {};
    return { manifest: root, paths, has: packageFiles((p) => paths.has(p), folders, root), folders };
  }

  /** The folders of a version with a package.json of their own, read from the store once per version. */
  private async folders(key: BuildKey, paths: ReadonlySet<string>): Promise<FolderManifests> {
    // Most versions have none, and then nothing is read.
    const manifests = folderManifestPaths(paths);
    if (manifests.length === 0) return new Map();
    const id = `${key.name}@${key.version}`;
    const known = this.folderManifests.get(id);
    if (known) return known;
    const ref = { type: 'npm' as const, name: key.name };
    const stored = await Promise.all(manifests.map(async (p) => [p, await this.store.file(ref, key.version, p)] as const));
    const read = await readFolderManifests(new Map(stored.filter((pair): pair is readonly [string, NonNullable<(typeof pair)[1]>] => pair[1] !== null)));
    this.folderManifests.set(id, read);
    return read;
  }
}

/**
 * The file the key builds: its `exports` subpath or path resolved with the key's conditions, then swapped by the
 * `browser` field; a shared chunk for a chunk URL. A 404 when the path names nothing, or nothing JavaScript.
 */
export function buildTarget(key: BuildKey, pkg: VersionFiles): BuildTarget {
  const chunk = chunkId(key.subpath);
  if (chunk !== null) return { kind: 'chunk', id: chunk };
  let file = resolveEntry(pkg.manifest, pkg.has, key.subpath, conditionsFor(key.options));
  if (!file) {
    if (key.subpath) throw PackageError.fileNotFound(key.subpath);
    throw noJavaScript(key, pkg.paths);
  }
  // The `browser` field may swap the entry itself for its browser version.
  const swapped = browserMap(pkg.manifest, pkg.has).get(file);
  if (typeof swapped === 'string') file = probeFile(pkg.has, swapped) ?? file;
  if (!BUILDABLE.test(file))
    throw new PackageError(404, `${file} of ${keyLabel(key, '')} is not JavaScript, so it has no ES module (+esm); load it as a file instead.`);
  return { kind: 'file', file };
}
