/**
 * The entry points of one package version built together, so that they share its internal modules: one
 * esbuild pass over all of them with code splitting. A file reached by one entry only is bundled into that
 * entry's module; the files reached by the same set of entries make one shared chunk, imported by every entry
 * that reaches them at `/npm/{name}@{version}/+esm-chunks/{hash}.js/+esm` (the build's options carried on).
 * A page importing two entries of the version thus holds one instance of each module they have in common
 * (ol's projection registry, Angular's renderer classes), whichever it imports first: the whole set is built
 * once, stored, and every URL of it always answers the same bytes.
 *
 * Not shared (the caller builds each file alone, as before) when nothing is common to two entries, when an
 * entry would import more than MAX_CHUNKS_PER_ENTRY chunks (a barrel of hundreds of entries, as date-fns's
 * main), when an entry is CommonJS (its build needs the wrapper that names its exports), when a file
 * re-exports another package with `export *` (its names must be listed by the wrapper of `starReexports.ts`) or
 * when the main entry's `require` file names more than it exports (the wrapper of `requireNames.ts`).
 */
import type * as esbuild from 'esbuild';
import { esmBanner } from './banner.ts';
import { EsmBuildError, moduleBuildOptions, packageSourceReader, runWithLimit } from './buildModule.ts';
import { CHUNK_DIR, importedKey, keyLabel, mapReference, pinnedSuffix } from '../resolve/buildKey.ts';
import { conditionsFor } from '../resolve/entry.ts';
import { PACKAGE_NAMESPACE, packagePlugin, type OptionalRequires, type PackageSource } from './packagePlugin.ts';
import { requireOnlyNames } from './requireNames.ts';
import type { PackageLoader } from './sandbox/dependencyPackages.ts';
import { nestedStarReexports, type ExternalImport } from './starReexports.ts';

/** More chunks than this for one entry and the version is not shared: each is a request of the page. */
export const MAX_CHUNKS_PER_ENTRY = 40;

export interface SharedRequest extends PackageSource {
  /** The entry points (`sharedEntries.ts`), sorted. */
  entries: string[];
  /** The main entry, one of them. */
  main: string;
  /** Loads a dependency for the CommonJS sandbox (`requireNames.ts`). */
  loadPackage?: PackageLoader;
  /** The generation of the builder making it, named in the banners. */
  builder: number;
  timeoutMs: number;
}

export interface SharedModule {
  code: Buffer;
  map: Buffer;
  exports: string[];
}

export interface SharedBuild {
  /** By entry file ('/fesm2022/animations.mjs'). */
  entries: Map<string, SharedModule>;
  /** By chunk id. */
  chunks: Map<string, SharedModule>;
}

const OUT_DIR = 'out';

/** Map sources named by their URLs on this CDN, as the single builds name them. */
function rewriteSources(mapText: string, packageUrl: string, bannerLines: number): Buffer {
  const map = JSON.parse(mapText) as { sources: string[]; file?: string; mappings: string };
  map.sources = map.sources.map((s) => {
    const at = s.indexOf(`${PACKAGE_NAMESPACE}:`);
    return at >= 0 ? `${packageUrl}${s.slice(at + PACKAGE_NAMESPACE.length + 1)}` : s.replace(/^.*?builtins\//, 'node-built-in:');
  });
  map.file = '+esm';
  // The banner is put before the code here, so its lines come first in the map.
  map.mappings = ';'.repeat(bannerLines) + map.mappings;
  return Buffer.from(JSON.stringify(map));
}

/** The chunks an output imports, directly or through other chunks. */
function chunkClosure(outputs: esbuild.Metafile['outputs'], start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const output = outputs[stack.pop()!];
    for (const imported of output?.imports ?? []) {
      if (imported.external || imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      stack.push(imported.path);
    }
  }
  return seen;
}

/** The entries built together, or null when the version's entries are better built one by one (see above). */
export async function buildShared(request: SharedRequest): Promise<SharedBuild | null> {
  if (request.entries.length < 2) return null;
  // The modules of the set are imported by one another at their own URLs: the options of imported builds.
  const key = importedKey(request.key, request.key.name, request.key.version, '');
  const packageUrl = `/npm/${key.name}@${key.version}`;
  const label = keyLabel(key, '');
  const externals: ExternalImport[] = [];
  const optional: OptionalRequires = { found: new Set(), settled: null };
  const result = await runWithLimit(
    {
      // The same output as a single build's: target, minification, definitions, process global.
      ...moduleBuildOptions(key),
      entryPoints: request.entries,
      splitting: true,
      outdir: OUT_DIR,
      // A chunk is imported by its pinned URL on this CDN: `{publicPath}/{hash}.js/+esm/b{generation}?{options}`.
      publicPath: `${packageUrl}${CHUNK_DIR}`,
      chunkNames: '[hash]',
      outExtension: { '.js': `.js${pinnedSuffix(key)}` },
      plugins: [packagePlugin(request, null, externals, optional)],
    },
    request.timeoutMs,
    `${label} (its entry points together)`,
  );
  const metafile = result.metafile;
  if (!metafile) throw new EsmBuildError(`The shared build of ${label} produced no metafile.`);
  // An entry CommonJS module needs the wrapper that names its exports: built alone, and the others together.
  const commonJs = request.entries.filter((e) => metafile.inputs[`${PACKAGE_NAMESPACE}:${e}`]?.format === 'cjs');
  if (commonJs.length) return buildShared({ ...request, entries: request.entries.filter((e) => !commonJs.includes(e)) });

  const outputs = Object.entries(metafile.outputs).filter(([path]) => !path.endsWith('.map'));
  const chunkOutputs = outputs.filter(([, output]) => output.entryPoint === undefined);
  if (chunkOutputs.length === 0) return null;
  for (const [path, output] of outputs) {
    if (output.entryPoint !== undefined && chunkClosure(metafile.outputs, path).size > MAX_CHUNKS_PER_ENTRY) return null;
  }
  if ((await nestedStarReexports(metafile, '', PACKAGE_NAMESPACE, request.files, externals)).length > 0) return null;

  const main = outputs.find(([, output]) => output.entryPoint === `${PACKAGE_NAMESPACE}:${request.main}`)?.[1];
  if (main) {
    const dependencies = request.loadPackage ? { resolve: request.resolveDependency, load: request.loadPackage } : undefined;
    const conditions = conditionsFor(key.options);
    const reader = packageSourceReader(request);
    const names = { name: key.name, manifest: request.manifest, files: request.files, entry: request.main, exports: main.exports, conditions, reader };
    // Names the main entry's own build adds behind a wrapper (`requireNames.ts`): it is built alone then.
    if (((await requireOnlyNames({ ...names, dependencies }))?.names.length ?? 0) > 0) return null;
  }

  const texts = new Map((result.outputFiles ?? []).map((f) => [f.path.replace(/^\/+/, ''), f.text]));
  const built: SharedBuild = { entries: new Map(), chunks: new Map() };
  for (const [path, output] of outputs) {
    const js = texts.get(path);
    const map = texts.get(`${path}.map`);
    if (js === undefined || map === undefined) throw new EsmBuildError(`The shared build of ${label} lacks ${path}.`);
    const entry = output.entryPoint?.slice(PACKAGE_NAMESPACE.length + 1);
    const banner = esmBanner(entry ? `${packageUrl}${entry}` : `${packageUrl} (a module its entry points share)`, false, request.builder);
    const code = Buffer.from(`${banner}\n${js.replace(/\n*$/, '')}\n//# sourceMappingURL=${mapReference(key)}\n`);
    const module: SharedModule = { code, map: rewriteSources(map, packageUrl, banner.split('\n').length), exports: [...output.exports].sort() };
    if (entry) built.entries.set(entry, module);
    else built.chunks.set(path.slice(OUT_DIR.length + 1, path.indexOf('.js/+esm')), module);
  }
  return built;
}
