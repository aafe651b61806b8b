/**
 * The build of a key: from memory when it was answered before, else from the kept builds, else built
 * (`buildStore.ts`: once, in a bounded pool with a time limit, then kept for good, `pinnedStore.ts`). A key is handed in whole (`../resolve/buildKey.ts`); what it builds is resolved once
 * (`../resolve/resolveBuild.ts`), and which of the three ways makes it is decided once: a file's own build
 * (alone, or as a module of its version's shared build), or `?exports` or `?bundle` made from the build of the
 * same file without that option.
 */
import os from 'node:os';
import type { Registry } from 'prom-client';
import { LRUCache } from 'lru-cache';
import { PackageError, type PackageStore } from '../../../packages/types.ts';
import { buildModule, EsmBuildError, type BuildRequest } from '../build/buildModule.ts';
import { bundleDependencies } from '../build/bundleDependencies.ts';
import { failedExports } from '../build/failedExports.ts';
import { sandboxPackageLoader } from '../build/sandbox/dependencyPackages.ts';
import { selectExports } from '../build/selectExports.ts';
import { buildExportsByUrl, withStarNames } from '../build/starReexports.ts';
import { atSubpath, BUILD_GENERATION, keyLabel, moduleUrl, withOptions, type BuildKey } from '../resolve/buildKey.ts';
import { enterStage } from '../stages.ts';
import { definitelyTypedUrl } from '../resolve/definitelyTyped.ts';
import { mainAlternative } from '../resolve/entry.ts';
import { buildTarget, filesFor, PackageVersions, type VersionFiles } from '../resolve/resolveBuild.ts';
import { typesFileFor } from '../resolve/typesFile.ts';
import { encodeFilePath } from '../../../cdnUrl/cdnPath.ts';
import { BuildStore, type BuildFailure, type Made, type Produced } from './buildStore.ts';
import type { PinnedStore } from './pinnedStore.ts';
import { SharedBuilds, type StoredModule } from './sharedBuilds.ts';
import { readStoredText } from '../../../packages/storedFile.ts';
import { buildFiles } from './buildFiles.ts';
import type { AnsweredBuilds, ReadyBuild } from './answeredBuilds.ts';
import { lruMemoryUse, type MemoryUse } from '../../../config/memoryCaches.ts';

export type { BuildFailure } from './buildStore.ts';

/**
 * Builds at once for each core. A build mostly waits: on esbuild's process, the sandbox's thread, the package's
 * files and the disk writes of what it keeps, each step behind the serving work of a busy process. Measured on two
 * cores under the long-tail soak (thousands of first builds among file traffic): with two at a time a build took
 * 0.25 to 2.5 s and `+esm` answers had a p99 of 13 s, nearly all of it the queue; with six, 6 s, and more requests
 * of every kind were answered in the same four minutes.
 */
export const BUILDS_PER_CORE = 3;

export function defaultBuildConcurrency(cores = os.availableParallelism()): number {
  return Math.min(16, Math.max(2, BUILDS_PER_CORE * cores));
}

export interface EsmBuildsOptions {
  store: PackageStore;
  /** Where builds are kept (`pinnedStore.ts`). */
  kept: PinnedStore;
  /** What keys answered, on this origin's disk, so that a build made long ago answers without its version's files (`answeredBuilds.ts`). */
  answered?: AnsweredBuilds | undefined;
  /**
   * The generation of the builds this builder makes (default `BUILD_GENERATION`): what convenient URLs stand for.
   * A test starts the product with another to stand for an upgraded builder.
   */
  generation?: number | undefined;
  metrics?: Registry | undefined;
  /** Builds running at once (default BUILDS_PER_CORE for each core, `defaultBuildConcurrency`). */
  concurrency?: number;
  /**
   * Builds one client may have running and waiting (default 64); past it a 429 (`../../../shared/fairQueue.ts`).
   * A browser importing a package asks for the builds of all its dependencies at once (d3 has 30, an AWS SDK
   * client about 60) and fails the whole import on one refusal, so the budget is a page's worth.
   */
  budgetPerClient?: number;
  /** Time limit of one build (default 30 s). */
  timeoutMs?: number;
  /** How long a failure is answered without building again (default 60 s, as long as it is cached). */
  failureTtlMs?: number;
  /** Memory for the builds known to be ready, bytes (default 16 MB). */
  maxMemoryBytes?: number;
}

/**
 * About what a build known to be ready takes in memory, bytes: its objects, its URL, the paths of its files and its
 * export names (a module may export hundreds). These had been counted as one entry of 20,000 whatever they held.
 */
function readyBuildBytes(build: ReadyBuild, url: string): number {
  let bytes = 400 + url.length + build.entry.length + (build.types?.length ?? 0) + (build.alias?.length ?? 0);
  bytes += build.code.diskPath.length + (build.code.content?.length ?? 0) + build.map.diskPath.length + (build.map.content?.length ?? 0);
  for (const name of build.exports) bytes += 24 + name.length;
  return bytes;
}

export type { ReadyBuild };

export type EsmBuild = ReadyBuild | ({ ok: false } & BuildFailure);

export class EsmBuilds {
  private readonly builds: BuildStore;
  /** Builds known to be on disk, by key: a warm request costs one lookup (a cold one reads `answered`). */
  private readonly ready: LRUCache<string, ReadyBuild>;
  private readonly timeoutMs: number;
  /** The entry points of a version built together, sharing its internal modules (`../build/sharedBuild.ts`). */
  private readonly shared: SharedBuilds;
  private readonly versions: PackageVersions;
  /** The generation of the builds this builder makes. */
  readonly generation: number;

  constructor(private readonly options: EsmBuildsOptions) {
    this.ready = new LRUCache({ maxSize: options.maxMemoryBytes ?? 16 * 1024 * 1024, sizeCalculation: readyBuildBytes });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.generation = options.generation ?? BUILD_GENERATION;
    this.builds = new BuildStore({
      kept: options.kept,
      metrics: options.metrics,
      concurrency: options.concurrency ?? defaultBuildConcurrency(),
      budgetPerClient: options.budgetPerClient ?? 64,
      failureTtlMs: options.failureTtlMs ?? 60_000,
    });
    this.versions = new PackageVersions(options.store);
    this.shared = new SharedBuilds({
      store: options.store,
      kept: options.kept,
      builder: this.generation,
      timeoutMs: this.timeoutMs,
      run: (job, client) => this.builds.run(job, client),
      onBuilt: (outcome) => this.builds.counted(outcome),
    });
  }

  /** Bytes the builds known to be ready take in memory, and their budget. */
  memoryBytes(): MemoryUse {
    return lruMemoryUse(this.ready);
  }

  /**
   * The build of `key`, built on `client`'s account if it is not built yet. Throws PackageError for unknown
   * packages, versions and files and for packages or files without JavaScript (404), ClientOverBudget for a
   * client with too many builds running and waiting.
   */
  async get(key: BuildKey, client = ''): Promise<EsmBuild> {
    enterStage('store', () => moduleUrl(key));
    const url = moduleUrl(key);
    const known = this.ready.get(url) ?? (await this.options.answered?.get(url));
    if (known) {
      this.ready.set(url, known);
      return known;
    }
    if (key.options.deps) await this.checkPins(key.options.deps);
    if (key.options.exports) return this.withExports(key, key.options.exports, client);
    if (key.options.bundle) return this.withBundle(key, client);
    return this.fileBuild(key, client);
  }

  /**
   * Remembers a build as ready under its key, in memory and on the disk (`answeredBuilds.ts`); not when its
   * declarations could not be told this time.
   */
  private remember(key: BuildKey, build: ReadyBuild, typesKnown = true): ReadyBuild {
    if (!typesKnown) return build;
    this.ready.set(moduleUrl(key), build);
    this.options.answered?.remember(moduleUrl(key), build);
    return build;
  }

  /** A file's own build: a module of its version's shared build, or built alone. */
  private async fileBuild(asked: BuildKey, client: string): Promise<EsmBuild> {
    // As the key's build reads them: a Deno build without the `browser` field (`filesFor`).
    const pkg = filesFor(await this.versions.files(asked), asked.options);
    const target = buildTarget(asked, pkg);
    if (target.kind === 'chunk') return this.sharedModule(asked, await this.shared.chunk(asked, pkg, target.id, client), asked.subpath, null);
    const entry = target.file;
    // A file that is a module of its own has one URL; any other name of it re-exports that URL, one instance.
    const canonical = await this.shared.canonicalSubpath(asked, pkg, entry, client);
    const key = canonical !== null && canonical !== asked.subpath ? atSubpath(asked, canonical) : asked;
    const build = await this.ownBuild(key, pkg, entry, client);
    if (!build.ok || key === asked) return build;
    return this.remember(asked, { ...build, alias: key.subpath });
  }

  private async ownBuild(key: BuildKey, pkg: VersionFiles, entry: string, client: string): Promise<EsmBuild> {
    const known = this.ready.get(moduleUrl(key));
    if (known) return known;
    // An entry point of a version whose entries share modules is a module of the version's shared build.
    const shared = await this.shared.entry(key, pkg, entry, client);
    if (shared) {
      const types = await this.typesOf(key, pkg, entry);
      return this.sharedModule(key, shared, entry, types);
    }
    // Built alone, it imports the version's entry points it reaches rather than a copy of them.
    const entryModules = await this.shared.entryModules(key, pkg, entry, client);
    const made = await this.builds.made(key, entry, client, () => this.buildAlone(key, pkg, entry, entryModules));
    if (!made.ok) return made;
    // The build may be of `main` rather than the `module` file it is keyed by (`../build/buildModule.ts`).
    const built = made.meta.entry ?? entry;
    const types = await this.typesOf(key, pkg, built);
    // Names re-exported from other packages' builds with `export *` are linked by the browser: listed from their builds.
    const exports = await withStarNames(
      moduleUrl(key),
      made.meta.exports,
      made.meta.stars,
      buildExportsByUrl((star) => this.get(star, client)),
    );
    return this.remember(key, { ok: true, code: made.code, map: made.map, entry: built, types: types ?? null, exports }, types !== undefined);
  }

  private async buildAlone(key: BuildKey, pkg: VersionFiles, entry: string, entryModules: Map<string, string>): Promise<Produced> {
    const files = await buildFiles(this.options.store, key.name, key.version, pkg.paths);
    const pins = new Map(key.options.deps ?? []);
    const request: BuildRequest = {
      key,
      manifest: pkg.manifest,
      files,
      entry,
      mainEntry: key.subpath ? null : mainAlternative(pkg.manifest, pkg.has, entry),
      builder: this.generation,
      timeoutMs: this.timeoutMs,
      loadPackage: sandboxPackageLoader(this.options.store),
      entryModules,
      folders: pkg.folders,
      // A pinned package (`?deps`) is imported at its pinned version, whatever range the package declares.
      resolveDependency: async (dep, range) => pins.get(dep) ?? (await this.options.store.resolve({ type: 'npm', name: dep }, range)).version,
    };
    try {
      const built = await buildModule(request);
      return { code: built.code, map: built.map, meta: { exports: built.exports, entry: built.entry, stars: built.stars } };
    } catch (error) {
      if (error instanceof EsmBuildError) error.exports = await failedExports(request);
      throw error;
    }
  }

  /**
   * The declarations of the file built: the package's own, else those of its `@types` package (undefined when
   * the registry cannot tell now).
   */
  private async typesOf(key: BuildKey, pkg: VersionFiles, built: string): Promise<string | null | undefined> {
    const own = typesFileFor(pkg.manifest, pkg.has, key.subpath, built);
    if (own !== null) return `/npm/${key.name}@${key.version}${encodeFilePath(own)}`;
    return definitelyTypedUrl(this.options.store, key.name, key.version, key.subpath);
  }

  /** A module of a shared build, remembered as ready (not when its declarations could not be told this time). */
  private sharedModule(key: BuildKey, module: StoredModule, entry: string, types: string | null | undefined): ReadyBuild {
    return this.remember(key, { ok: true, code: module.code, map: module.map, entry, types: types ?? null, exports: module.exports }, types !== undefined);
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
   * any build (`../build/selectExports.ts`). A name the full build does not export is a 400 naming it.
   */
  private async withExports(key: BuildKey, names: readonly string[], client: string): Promise<EsmBuild> {
    const full = await this.get(withOptions(key, { exports: null }), client);
    if (!full.ok) return full;
    const missing = names.filter((n) => !full.exports.includes(n));
    if (missing.length) {
      const listed = full.exports.length > 40 ? `${full.exports.slice(0, 40).join(', ')}, ...` : full.exports.join(', ') || 'none';
      throw PackageError.badRequest(
        `${keyLabel(key)} does not export ${missing.map((n) => JSON.stringify(n)).join(', ')} (?exports); its exports are: ${listed}.`,
      );
    }
    const made = await this.builds.made(key, full.entry, client, async () => {
      const [code, map] = await Promise.all([readStoredText(full.code), readStoredText(full.map)]);
      try {
        return { ...(await selectExports({ key, entry: full.entry, code, map, names })), meta: { exports: [...names], entry: full.entry } };
      } catch (error) {
        if (error instanceof EsmBuildError) error.exports = [...names];
        throw error;
      }
    });
    return this.madeFrom(key, made, full);
  }

  /**
   * `?bundle`: made from the package's own build of the same options, with the builds of the packages it
   * imports (each admitted through the pool on the client's account, like any build) put in the file
   * (`../build/bundleDependencies.ts`). That pass runs outside the pool, under the build time limit: it waits
   * on dependency builds, which a pool slot held meanwhile could starve.
   */
  private async withBundle(key: BuildKey, client: string): Promise<EsmBuild> {
    const own = await this.get(withOptions(key, { bundle: false }), client);
    if (!own.ok) return own;
    const peers = async (pkg: string, pkgVersion: string): Promise<ReadonlySet<string>> => {
      const manifest = (await this.options.store.manifest({ type: 'npm', name: pkg }, pkgVersion)) ?? {};
      const declared = manifest['peerDependencies'];
      return new Set(declared && typeof declared === 'object' ? Object.keys(declared) : []);
    };
    const load = async (dep: BuildKey): Promise<{ code: string; map: string }> => {
      const built = await this.get(dep, client);
      if (!built.ok) throw new EsmBuildError(`${moduleUrl(dep)}, which it imports, could not be built: ${built.reason}`);
      const [code, map] = await Promise.all([readStoredText(built.code), readStoredText(built.map)]);
      return { code, map };
    };
    const made = await this.builds.made(key, own.entry, null, async () => {
      const [code, map] = await Promise.all([readStoredText(own.code), readStoredText(own.map)]);
      try {
        const bundled = await bundleDependencies({ key, entry: own.entry, code, map, timeoutMs: this.timeoutMs, peers, load });
        return { ...bundled, meta: { exports: own.exports, entry: own.entry } };
      } catch (error) {
        if (error instanceof EsmBuildError) error.exports = own.exports;
        throw error;
      }
    });
    return this.madeFrom(key, made, own);
  }

  /** A build made from another (`from`): its module and map, the other's entry and declarations. */
  private madeFrom(key: BuildKey, made: Made, from: ReadyBuild): EsmBuild {
    if (!made.ok) return made;
    return this.remember(key, { ok: true, code: made.code, map: made.map, entry: from.entry, types: from.types, exports: made.meta.exports });
  }
}
