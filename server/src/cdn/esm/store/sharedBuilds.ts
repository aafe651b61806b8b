/**
 * The shared builds of package versions (`sharedBuild.ts`): one per exact version and canonical options,
 * built in the build pool on the asking client's account, under the build time limit, stored with the other
 * builds as numbered parts beside a table of contents, and served from there. A version whose entries are
 * built one by one stores only a table saying so, so the decision is made once and never changes what a URL
 * answers. A version with a single entry point and no files to scan is decided without storing anything.
 * An ES module package without `exports` whose every file is public may be decided per file instead: each
 * file a module of its own with one URL, importing its siblings by theirs (README, "one module per file").
 */
import { LRUCache } from 'lru-cache';
import { PackageError, type PackageStore } from '../../../packages/types.ts';
import type { Artifact } from '../../derived/artifactStore.ts';
import type { PinnedStore } from './pinnedStore.ts';
import { EsmBuildError } from '../build/buildModule.ts';
import { atSubpath, CHUNK_DIR, pinnedSuffix, storageId, type BuildKey } from '../resolve/buildKey.ts';
import { enterStage } from '../stages.ts';
import { conditionsFor } from '../resolve/entry.ts';
import type { VersionFiles } from '../resolve/resolveBuild.ts';
import { buildShared, type SharedBuild } from '../build/sharedBuild.ts';
import { declaredEntries, MAX_SHARED_ENTRIES, unimportedModules, type DeclaredEntries } from '../build/sharedEntries.ts';
import { sandboxPackageLoader } from '../build/sandbox/dependencyPackages.ts';
import { readStoredText } from '../../../packages/storedFile.ts';
import { buildFiles } from './buildFiles.ts';

/**
 * An ES module package without `exports` whose main entry reaches at most this many of its files, and which
 * has files only a page asks for, has every file built as a module of its own (`PER_FILE`): its main entry
 * then costs one request per file it reaches (ol 8.1.0's: 166). A larger main entry (a barrel over hundreds
 * of files) keeps the split build of its entry points.
 */
export const MAX_PER_FILE_REACH = 300;

/** The decision that every ES module file of the version is a module of its own, importing its siblings by URL. */
const PER_FILE = 'per-file';

/** ES module files, each a module of its own in a per-file version. */
const MODULE_FILE = /\.m?js$/i;

export interface SharedBuildsOptions {
  store: PackageStore;
  /** Where builds are kept (`pinnedStore.ts`). */
  kept: PinnedStore;
  /** The generation of the builder making them, named in their banners. */
  builder: number;
  timeoutMs: number;
  /** Runs a build in the pool on a client's account. */
  run<T>(job: () => Promise<T>, client: string): Promise<T>;
  /** Told of each shared build made. */
  onBuilt(outcome: 'built' | 'failed'): void;
}

/** One module of a shared build, as stored. */
export interface StoredModule {
  code: Artifact;
  map: Artifact;
  exports: string[];
}

interface Contents {
  /** Entry file -> part number. */
  entries: Record<string, number>;
  /** Chunk id -> part number. */
  chunks: Record<string, number>;
  /** Entry file -> the subpath of its URL. */
  subpaths: Record<string, string>;
  /** The exports of each part. */
  exports: string[][];
}

interface SharedSet {
  parts: Record<string, Artifact>;
  contents: Contents;
}

type Stored = SharedSet | typeof PER_FILE | null;

export class SharedBuilds {
  private readonly known = new LRUCache<string, NonNullable<Stored> | false>({ max: 5_000 });

  constructor(private readonly options: SharedBuildsOptions) {}

  /** The module of `entry` when the version's entries are built together, else null (build it alone). */
  async entry(key: BuildKey, pkg: VersionFiles, entry: string, client: string): Promise<StoredModule | null> {
    const stored = await this.stored(key, pkg, client);
    if (!stored || stored === PER_FILE) return null;
    const part = stored.contents.entries[entry];
    return part !== undefined ? this.module(stored, part) : null;
  }

  /** A shared chunk (`/+esm-chunks/{id}.js`); a 404 when the version has none of that name. */
  async chunk(key: BuildKey, pkg: VersionFiles, id: string, client: string): Promise<StoredModule> {
    const stored = await this.stored(key, pkg, client);
    const part = stored && stored !== PER_FILE ? stored.contents.chunks[id] : undefined;
    if (!stored || stored === PER_FILE || part === undefined) throw PackageError.fileNotFound(`${CHUNK_DIR}/${id}.js`);
    return this.module(stored, part);
  }

  /**
   * The entry points a build of another file imports rather than copies (`PackageSource.entryModules`): those
   * of the shared build when the version has one, every ES module file in a per-file version, else its main
   * entry; `building` left out.
   */
  async entryModules(key: BuildKey, pkg: VersionFiles, building: string, client: string): Promise<Map<string, string>> {
    const stored = await this.stored(key, pkg, client);
    const main = declaredEntries(pkg.manifest, { has: (p) => pkg.paths.has(p) }, conditionsFor(key.options)).main;
    const modules =
      stored === PER_FILE ? perFileModules(pkg, main) : new Map(stored ? Object.entries(stored.contents.subpaths) : main !== null ? [[main, '']] : []);
    modules.delete(building);
    return modules;
  }

  /**
   * In a per-file version, the one subpath whose URL is the module of `entry` ('' for the main entry, else the
   * file's own path, as its siblings import it); any other URL of the file re-exports that one. Null otherwise.
   */
  async canonicalSubpath(key: BuildKey, pkg: VersionFiles, entry: string, client: string): Promise<string | null> {
    if (!MODULE_FILE.test(entry)) return null;
    const stored = await this.stored(key, pkg, client);
    if (stored !== PER_FILE) return null;
    return perFileModules(pkg, declaredEntries(pkg.manifest, { has: (p) => pkg.paths.has(p) }, conditionsFor(key.options)).main).get(entry) ?? null;
  }

  private module(stored: SharedSet, part: number): StoredModule {
    return { code: stored.parts[`code-${part}`]!, map: stored.parts[`map-${part}`]!, exports: stored.contents.exports[part] ?? [] };
  }

  private async stored(key: BuildKey, pkg: VersionFiles, client: string): Promise<Stored> {
    const has = { has: (p: string) => pkg.paths.has(p) };
    const declared = declaredEntries(pkg.manifest, has, conditionsFor(key.options));
    const main = declared.main;
    if (main === null || (!declared.scan && declared.entries.length < 2) || declared.entries.length > MAX_SHARED_ENTRIES) return null;
    // One set per version and options, whichever of its URLs asked.
    const version = atSubpath(key, '');
    const id = storageId(version, CHUNK_DIR);
    const known = this.known.get(id);
    if (known !== undefined) return known || null;
    const parts = await this.options.kept.get(id, () => this.options.run(() => this.produce(version, pkg, main, declared), client));
    const contents = JSON.parse(await readStoredText(parts['contents']!)) as Contents | { shared: false; perFile?: boolean };
    const stored = 'entries' in contents ? { parts, contents } : contents.perFile === true ? PER_FILE : null;
    this.known.set(id, stored ?? false);
    return stored;
  }

  private async produce(key: BuildKey, pkg: VersionFiles, main: string, declared: DeclaredEntries): Promise<Record<string, Buffer>> {
    // The set of the version's entry points, which is no one module's URL.
    enterStage('build', () => `/npm/${key.name}@${key.version}${CHUNK_DIR}${pinnedSuffix(key)}`);
    const files = await buildFiles(this.options.store, key.name, key.version, pkg.paths);
    const pins = new Map(key.options.deps ?? []);
    // Upstream trouble while resolving a dependency fails the build without deciding anything: nothing is stored.
    let upstreamTrouble = false;
    const source = {
      key,
      manifest: pkg.manifest,
      files,
      builder: this.options.builder,
      timeoutMs: this.options.timeoutMs,
      folders: pkg.folders,
      resolveDependency: async (dep: string, range: string): Promise<string> => {
        try {
          return pins.get(dep) ?? (await this.options.store.resolve({ type: 'npm', name: dep }, range)).version;
        } catch (error) {
          if (!(error instanceof PackageError && error.status === 404)) upstreamTrouble = true;
          throw error;
        }
      },
    };
    const subpaths = new Map(declared.subpaths);
    if (declared.scan) {
      const scanned = await unimportedModules(source, main);
      // Files only a page asks for (or every file, in a package of twins) beside a main entry of bounded reach:
      // every file a module of its own.
      if ((scanned.unimported.length > 0 || declared.twins) && scanned.mainReach <= MAX_PER_FILE_REACH)
        return { contents: Buffer.from(JSON.stringify({ shared: false, perFile: true })) };
      // A module only a page can ask for is asked for by its file's path.
      for (const file of scanned.unimported) if (!subpaths.has(file)) subpaths.set(file, file);
    }
    const entries = [...subpaths.keys()].sort();
    let built: SharedBuild | null = null;
    if (entries.length <= MAX_SHARED_ENTRIES) {
      try {
        built = await buildShared({ ...source, entries, main, loadPackage: sandboxPackageLoader(this.options.store) });
        this.options.onBuilt('built');
      } catch (error) {
        this.options.onBuilt('failed');
        // A package whose entries do not build together (one of them broken) has them built one by one, each
        // failing or not on its own; that is decided once, like a build.
        if (!(error instanceof EsmBuildError) || upstreamTrouble) throw error;
      }
    }
    if (!built) return { contents: Buffer.from(JSON.stringify({ shared: false })) };
    const parts: Record<string, Buffer> = {};
    const contents: Contents = { entries: {}, chunks: {}, subpaths: {}, exports: [] };
    const add = (module: { code: Buffer; map: Buffer; exports: string[] }): number => {
      const part = contents.exports.length;
      parts[`code-${part}`] = module.code;
      parts[`map-${part}`] = module.map;
      contents.exports.push(module.exports);
      return part;
    };
    for (const [file, module] of built.entries) {
      contents.entries[file] = add(module);
      contents.subpaths[file] = subpaths.get(file) ?? file;
    }
    for (const [id, module] of built.chunks) contents.chunks[id] = add(module);
    parts['contents'] = Buffer.from(JSON.stringify(contents));
    return parts;
  }
}

/** Every ES module file of a per-file version, by the subpath of its one URL ('' for the main entry). */
function perFileModules(pkg: VersionFiles, main: string | null): Map<string, string> {
  const files = [...pkg.paths].filter((p) => MODULE_FILE.test(p) && !p.includes('/node_modules/')).sort();
  return new Map(files.map((file) => [file, file === main ? '' : file]));
}
