/**
 * Module builds per exact version and file: built once (simultaneous requests share the build), in a bounded
 * pool with a time limit, stored on disk with the CDN's other generated files and served from there.
 * A failed build is remembered for a minute, never stored: the next attempt after that builds again.
 */
import fs from 'node:fs/promises';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { LRUCache } from 'lru-cache';
import { PackageError, type PackageStore } from '../../packages/types.ts';
import type { Artifact, ArtifactStore } from '../derived/artifactStore.ts';
import { BuildPool } from './buildPool.ts';
import { buildModule, EsmBuildError, type BuildRequest } from './buildModule.ts';
import { failedExports } from './failedExports.ts';
import { mainAlternative, probeFile, resolveEntry } from './entry.ts';
import { browserMap } from './packagePlugin.ts';
import { typesFileFor } from './typesFile.ts';
import { selectExports } from './selectExports.ts';
import { bundleDependencies } from './bundleDependencies.ts';
import { buildExportsByUrl, withStarNames } from './starReexports.ts';
import { esmUrl } from './depUrl.ts';
import { sandboxPackageLoader } from './sandbox/dependencyPackages.ts';
import { parseEsmPath } from '../url/parseEsmPath.ts';
import { conditionsFor, DEFAULT_OPTIONS, optionsQuery, type EsmOptions } from './esmOptions.ts';
import { definitelyTypedUrl } from './definitelyTyped.ts';
import { encodeFilePath } from '../../cdnUrl/cdnPath.ts';
import { chunkId } from './sharedBuild.ts';
import { SharedBuilds, type StoredModule, type VersionFiles } from './sharedBuilds.ts';
import { folderManifestPaths, packageFiles, readFolderManifests, type FolderManifests } from './folderManifests.ts';

/** Part of every build's key: bump it when the output of a build changes for the same input. */
const BUILD_FORMAT = 'esm-9';

/** Files a build can start from. */
const BUILDABLE = /\.(m|c)?jsx?$|\.(m|c)?tsx?$|\.json$/i;

type ReadyBuild = Extract<EsmBuild, { ok: true }>;

/** A package with nothing to build is not there as a module: a 404 that says why (types-only packages are common). */
function noJavaScript(name: string, version: string, files: readonly { path: string }[]): PackageError {
  const declarations = files.some((f) => /\.d\.[cm]?ts$/.test(f.path));
  const why = declarations
    ? 'it ships TypeScript declarations only'
    : 'no exports, module, jsnext:main or main field names a JavaScript file, and there is no index.js';
  return new PackageError(404, `${name}@${version} has no JavaScript entry point (${why}), so it has no ES module (+esm).`);
}

export interface EsmBuildsOptions {
  store: PackageStore;
  artifacts: ArtifactStore;
  websiteUrl: string;
  metrics?: Registry;
  /** Builds running at once (default 2). */
  concurrency?: number;
  /**
   * Builds one client may have running and waiting (default 64); past it a 429 (`../../admission/fairQueue.ts`).
   * A browser importing a package asks for the builds of all its dependencies at once (d3 has 30, an AWS SDK
   * client about 60) and fails the whole import on one refusal, so the budget is a page's worth.
   */
  budgetPerClient?: number;
  /** Time limit of one build (default 30 s). */
  timeoutMs?: number;
  /** How long a failure is answered without building again (default 60 s, as long as it is cached). */
  failureTtlMs?: number;
}

/** Why a build failed, and the names its module would have exported (declared by the module that reports it). */
export interface BuildFailure {
  reason: string;
  exports: string[];
}

export type EsmBuild =
  | {
      ok: true;
      code: Artifact;
      map: Artifact;
      entry: string;
      /** Root-relative URL of the declarations (the package's own, or its `@types` package's), or null. */
      types: string | null;
      exports: string[];
      /**
       * The subpath whose URL is this file's module, when the URL asked for is another name of the file in a
       * version whose every file is a module of its own (`/Map` of `/Map.js`): the answer re-exports that URL.
       */
      alias?: string;
    }
  | ({ ok: false } & BuildFailure);

export class EsmBuilds {
  private readonly pool: BuildPool;
  private readonly failures: LRUCache<string, BuildFailure>;
  /** Builds known to be on disk, by version and requested path: a warm request costs one lookup. */
  private readonly ready = new LRUCache<string, ReadyBuild>({ max: 20_000 });
  private readonly builds: Counter<'outcome'>;
  private readonly duration: Histogram;
  private readonly timeoutMs: number;
  /** The entry points of a version built together, sharing its internal modules (`sharedBuild.ts`). */
  private readonly shared: SharedBuilds;
  /** The folder manifests of versions that have some (`folderManifests.ts`), read once per version. */
  private readonly folderManifests = new LRUCache<string, FolderManifests>({ max: 2_000 });

  constructor(private readonly options: EsmBuildsOptions) {
    this.pool = new BuildPool(options.concurrency ?? 2, 100, { budget: options.budgetPerClient ?? 64 });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.shared = new SharedBuilds({
      store: options.store,
      artifacts: options.artifacts,
      websiteUrl: options.websiteUrl,
      timeoutMs: this.timeoutMs,
      run: (job, client) =>
        this.pool.run(
          async () => {
            const stopTimer = this.duration.startTimer();
            try {
              return await job();
            } finally {
              stopTimer();
            }
          },
          { client, cost: 1 },
        ),
      onBuilt: (outcome) => this.builds.inc({ outcome }),
    });
    this.failures = new LRUCache({ max: 10_000, ttl: options.failureTtlMs ?? 60_000 });
    const registers = options.metrics ? [options.metrics] : [];
    this.builds = new Counter({
      name: 'cdn_esm_builds_total',
      help: 'ES module builds run, by outcome (built, failed).',
      labelNames: ['outcome'] as const,
      registers,
    });
    const pool = this.pool;
    new Gauge({
      name: 'cdn_esm_builds_in_progress',
      help: 'ES module builds running (state="active") and waiting for a slot (state="queued").',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'active' }, pool.active);
        this.set({ state: 'queued' }, pool.queued);
      },
    });
    this.duration = new Histogram({
      name: 'cdn_esm_build_duration_seconds',
      help: 'Time of one ES module build, waiting for a slot excluded.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
  }

  /**
   * The build of `subpath` ('' for the entry) of an exact npm version, built on `client`'s account if it is
   * not built yet. Throws PackageError for unknown packages, versions and files and for packages or files
   * without JavaScript (404), ClientOverBudget for a client with too many builds running and waiting.
   */
  async get(name: string, version: string, subpath: string, client = '', options: EsmOptions = DEFAULT_OPTIONS): Promise<EsmBuild> {
    // Each combination of options is a build of its own, stored and cached apart under its canonical query.
    const query = optionsQuery(options);
    const readyKey = `${name}@${version}${subpath}${query}`;
    const known = this.ready.get(readyKey);
    if (known) return known;
    if (options.deps) await this.checkPins(options.deps);
    if (options.exports) return this.withExports(name, version, subpath, client, options, options.exports, readyKey);
    if (options.bundle) return this.withBundle(name, version, subpath, client, options, readyKey);
    const ref = { type: 'npm' as const, name };
    const listing = await this.options.store.listing(ref, version);
    const manifest = (await this.options.store.manifest(ref, version)) ?? {};
    const paths = new Set(listing.files.map((f) => f.path));
    const folders = await this.folders(name, version, paths);
    const has = packageFiles((p) => paths.has(p), folders);
    const pkg: VersionFiles = { name, version, manifest, paths };
    const chunk = chunkId(subpath);
    if (chunk !== null) return this.sharedModule(await this.shared.chunk(pkg, chunk, options, client), subpath, null, readyKey);
    let entry = resolveEntry(manifest, has, subpath, conditionsFor(options));
    if (!entry) {
      if (subpath) throw PackageError.fileNotFound(subpath);
      throw noJavaScript(name, version, listing.files);
    }
    // The `browser` field may swap the entry itself for its browser version.
    const swapped = browserMap(manifest, has).get(entry);
    if (typeof swapped === 'string') entry = probeFile(has, swapped) ?? entry;
    if (!BUILDABLE.test(entry))
      throw new PackageError(404, `${entry} of ${name}@${version} is not JavaScript, so it has no ES module (+esm); load it as a file instead.`);
    // A file that is a module of its own has one URL; any other name of it re-exports that URL, one instance.
    const canonical = await this.shared.canonicalSubpath(pkg, entry, options, client);
    if (canonical !== null && canonical !== subpath) {
      const target = await this.get(name, version, canonical, client, options);
      if (!target.ok) return target;
      const alias: ReadyBuild = { ...target, alias: canonical };
      this.ready.set(readyKey, alias);
      return alias;
    }
    const key = `npm/${name}@${version}${entry}${query}\n${BUILD_FORMAT}`;
    const pins = new Map(options.deps ?? []);
    const failed = this.failures.get(key);
    if (failed !== undefined) return { ok: false, ...failed };
    try {
      // An entry point of a version whose entries share modules is a module of the version's shared build.
      const shared = await this.shared.entry(pkg, entry, options, client);
      if (shared) {
        const own = typesFileFor(manifest, has, subpath, entry);
        const types = own !== null ? `/npm/${name}@${version}${encodeFilePath(own)}` : await definitelyTypedUrl(this.options.store, name, version, subpath);
        return this.sharedModule(shared, entry, types, types !== undefined ? readyKey : null);
      }
      // Built alone, it imports the version's entry points it reaches rather than a copy of them.
      const entryModules = await this.shared.entryModules(pkg, entry, options, client);
      const set = await this.options.artifacts.get('esm', key, () =>
        this.pool.run(
          async () => {
            const stopTimer = this.duration.startTimer();
            try {
              const stored = await Promise.all(listing.files.map(async (f) => [f.path, await this.options.store.file(ref, version, f.path)] as const));
              const byPath = new Map(stored.filter((pair): pair is readonly [string, NonNullable<(typeof pair)[1]>] => pair[1] !== null));
              const request: BuildRequest = {
                name,
                version,
                manifest,
                files: byPath,
                entry,
                mainEntry: subpath ? null : mainAlternative(manifest, has, entry),
                websiteUrl: this.options.websiteUrl,
                timeoutMs: this.timeoutMs,
                loadPackage: sandboxPackageLoader(this.options.store),
                options,
                entryModules,
                folders,
                // A pinned package (`?deps`) is imported at its pinned version, whatever range the package declares.
                resolveDependency: async (dep, range) => pins.get(dep) ?? (await this.options.store.resolve({ type: 'npm', name: dep }, range)).version,
              };
              try {
                const built = await buildModule(request);
                this.builds.inc({ outcome: 'built' });
                return {
                  code: built.code,
                  map: built.map,
                  meta: Buffer.from(JSON.stringify({ exports: built.exports, entry: built.entry, stars: built.stars })),
                };
              } catch (error) {
                if (error instanceof EsmBuildError) error.exports = await failedExports(request);
                throw error;
              }
            } catch (error) {
              this.builds.inc({ outcome: 'failed' });
              throw error;
            } finally {
              stopTimer();
            }
          },
          { client, cost: 1 },
        ),
      );
      const meta = JSON.parse(await fs.readFile(set['meta']!.diskPath, 'utf8')) as { exports: string[]; entry?: string; stars?: string[] };
      // The build may be of `main` rather than the `module` file it is keyed by (`buildModule.ts`).
      const built = meta.entry ?? entry;
      const own = typesFileFor(manifest, has, subpath, built);
      // A package without declarations of its own is described by its `@types` package, when there is one.
      const types = own !== null ? `/npm/${name}@${version}${encodeFilePath(own)}` : await definitelyTypedUrl(this.options.store, name, version, subpath);
      // Names re-exported from other packages' builds with `export *` are linked by the browser: listed from their builds.
      const exports = await withStarNames(
        esmUrl(name, version, subpath, query),
        meta.exports,
        meta.stars,
        buildExportsByUrl((n, v, p, o) => this.get(n, v, p, client, o)),
      );
      const build: ReadyBuild = { ok: true, code: set['code']!, map: set['map']!, entry: built, types: types ?? null, exports };
      if (types !== undefined) this.ready.set(readyKey, build);
      return build;
    } catch (error) {
      if (!(error instanceof EsmBuildError)) throw error;
      const failure = { reason: error.message, exports: error.exports };
      this.failures.set(key, failure);
      return { ok: false, ...failure };
    }
  }

  /** The folders of a version with a package.json of their own, read from the store once per version. */
  private async folders(name: string, version: string, paths: ReadonlySet<string>): Promise<FolderManifests> {
    // Most versions have none, and then nothing is read.
    const manifests = folderManifestPaths(paths);
    if (manifests.length === 0) return new Map();
    const key = `${name}@${version}`;
    const known = this.folderManifests.get(key);
    if (known) return known;
    const ref = { type: 'npm' as const, name };
    const stored = await Promise.all(manifests.map(async (p) => [p, await this.options.store.file(ref, version, p)] as const));
    const read = await readFolderManifests(new Map(stored.filter((pair): pair is readonly [string, NonNullable<(typeof pair)[1]>] => pair[1] !== null)));
    this.folderManifests.set(key, read);
    return read;
  }

  /** A module of a shared build, remembered as ready under `readyKey` (not when null: its types are not known yet). */
  private sharedModule(module: StoredModule, entry: string, types: string | null | undefined, readyKey: string | null): ReadyBuild {
    const build: ReadyBuild = { ok: true, code: module.code, map: module.map, entry, types: types ?? null, exports: module.exports };
    if (readyKey !== null) this.ready.set(readyKey, build);
    return build;
  }

  /** Every pinned version (`?deps`) must be published: a pin that is not is a 400 saying which, before anything is built. */
  private async checkPins(pins: ReadonlyArray<readonly [string, string]>): Promise<void> {
    for (const [dep, version] of pins) {
      try {
        await this.options.store.resolve({ type: 'npm', name: dep }, version);
      } catch (error) {
        if (!(error instanceof PackageError && error.status === 404)) throw error;
        throw PackageError.badRequest(`Invalid +esm option deps: ${dep}@${version} cannot be resolved (${error.message}).`);
      }
    }
  }

  /**
   * `?exports=a,b`: made from the full build of the same options, so it is admitted, stored and cached like
   * any build (`selectExports.ts`). A name the full build does not export is a 400 naming it.
   */
  private async withExports(
    name: string,
    version: string,
    subpath: string,
    client: string,
    options: EsmOptions,
    names: readonly string[],
    readyKey: string,
  ): Promise<EsmBuild> {
    const full = await this.get(name, version, subpath, client, { ...options, exports: null });
    if (!full.ok) return full;
    const missing = names.filter((n) => !full.exports.includes(n));
    if (missing.length) {
      const listed = full.exports.length > 40 ? `${full.exports.slice(0, 40).join(', ')}, ...` : full.exports.join(', ') || 'none';
      throw PackageError.badRequest(
        `${name}@${version}${subpath} does not export ${missing.map((n) => JSON.stringify(n)).join(', ')} (?exports); its exports are: ${listed}.`,
      );
    }
    const query = optionsQuery(options);
    const key = `npm/${name}@${version}${full.entry}${query}\n${BUILD_FORMAT}`;
    const failed = this.failures.get(key);
    if (failed !== undefined) return { ok: false, ...failed };
    try {
      const set = await this.options.artifacts.get('esm', key, () =>
        this.pool.run(
          async () => {
            const [code, map] = await Promise.all([fs.readFile(full.code.diskPath, 'utf8'), fs.readFile(full.map.diskPath, 'utf8')]);
            try {
              const selected = await selectExports({
                code,
                map,
                names,
                target: options.target,
                mapReference: `+esm.map${query}`,
                label: `${name}@${version}${full.entry}`,
              });
              this.builds.inc({ outcome: 'built' });
              return { ...selected, meta: Buffer.from(JSON.stringify({ exports: names, entry: full.entry })) };
            } catch (error) {
              this.builds.inc({ outcome: 'failed' });
              throw error;
            }
          },
          { client, cost: 1 },
        ),
      );
      const build: ReadyBuild = { ok: true, code: set['code']!, map: set['map']!, entry: full.entry, types: full.types, exports: [...names] };
      this.ready.set(readyKey, build);
      return build;
    } catch (error) {
      if (!(error instanceof EsmBuildError)) throw error;
      const failure = { reason: error.message, exports: [...names] };
      this.failures.set(key, failure);
      return { ok: false, ...failure };
    }
  }

  /**
   * `?bundle`: made from the package's own build of the same options, with the builds of the packages it
   * imports (each admitted through the pool on the client's account, like any build) put in the file
   * (`bundleDependencies.ts`). That pass runs outside the pool, under the build time limit: it waits on
   * dependency builds, which a pool slot held meanwhile could starve.
   */
  private async withBundle(name: string, version: string, subpath: string, client: string, options: EsmOptions, readyKey: string): Promise<EsmBuild> {
    const own = await this.get(name, version, subpath, client, { ...options, bundle: false });
    if (!own.ok) return own;
    const query = optionsQuery(options);
    const key = `npm/${name}@${version}${own.entry}${query}\n${BUILD_FORMAT}`;
    const failed = this.failures.get(key);
    if (failed !== undefined) return { ok: false, ...failed };
    const peers = async (pkg: string, pkgVersion: string): Promise<ReadonlySet<string>> => {
      const manifest = (await this.options.store.manifest({ type: 'npm', name: pkg }, pkgVersion)) ?? {};
      const declared = manifest['peerDependencies'];
      return new Set(declared && typeof declared === 'object' ? Object.keys(declared) : []);
    };
    const load = async (url: string): Promise<{ code: string; map: string }> => {
      const queryAt = url.indexOf('?');
      const parsed = parseEsmPath(url.slice('/npm/'.length, queryAt < 0 ? undefined : queryAt), queryAt < 0 ? '' : url.slice(queryAt + 1));
      if (!parsed) throw new EsmBuildError(`${url} is not a module build.`);
      const dep = await this.get(parsed.ref.name, parsed.requested, parsed.path, client, parsed.options);
      if (!dep.ok) throw new EsmBuildError(`${url}, which it imports, could not be built: ${dep.reason}`);
      const [code, map] = await Promise.all([fs.readFile(dep.code.diskPath, 'utf8'), fs.readFile(dep.map.diskPath, 'utf8')]);
      return { code, map };
    };
    try {
      const set = await this.options.artifacts.get('esm', key, async () => {
        const [code, map] = await Promise.all([fs.readFile(own.code.diskPath, 'utf8'), fs.readFile(own.map.diskPath, 'utf8')]);
        try {
          const bundled = await bundleDependencies(
            {
              code,
              map,
              name,
              label: `${name}@${version}${own.entry}`,
              target: options.target,
              timeoutMs: this.timeoutMs,
              mapReference: `+esm.map${query}`,
              peers,
              load,
            },
            version,
          );
          this.builds.inc({ outcome: 'built' });
          return { ...bundled, meta: Buffer.from(JSON.stringify({ exports: own.exports, entry: own.entry })) };
        } catch (error) {
          this.builds.inc({ outcome: 'failed' });
          throw error;
        }
      });
      const build: ReadyBuild = { ok: true, code: set['code']!, map: set['map']!, entry: own.entry, types: own.types, exports: own.exports };
      this.ready.set(readyKey, build);
      return build;
    } catch (error) {
      if (!(error instanceof EsmBuildError)) throw error;
      const failure = { reason: error.message, exports: own.exports };
      this.failures.set(key, failure);
      return { ok: false, ...failure };
    }
  }
}
