/**
 * Which files of a package version are its entry points, for sharing its internal modules between them
 * (`sharedBuild.ts`): the files a page can get from more than one URL of the version, so that what they have
 * in common must be one module instance.
 *
 * - With an `exports` map: the main entry and the target of every subpath without `*` that is JavaScript
 *   (Angular's `.`, `./animations`, `./testing`; preact's `./hooks`). A pattern (`./internal/*`) is left
 *   out: it opens every file of a folder, which would make every file an entry and every module a request.
 * - Without one, for an ES module package (`"type": "module"` or an `.mjs` main): the main entry and every
 *   ES module file that no file of the package imports (ol's `proj/proj4.js`): a file only a page can ask for.
 *   Files the main entry reaches are had through it. A package of more than MAX_SCANNED_FILES such files is
 *   not scanned.
 *   The scan also tells how many files the main entry reaches: with files only a page asks for and a main
 *   entry of bounded reach, every file is a module of its own instead (`sharedBuilds.ts`, per file). So is
 *   every file of a package shipping each file as CommonJS and as an `.mjs` twin (graphql), whose subpaths
 *   name the twins (`hasModuleTwins`).
 * - Otherwise only the main entry: a CommonJS package keeps one build per file asked for.
 */
import * as esbuild from 'esbuild';
import { browserMap, hasModuleTwins, mainAlternative, probeFile, resolveEntry, type PackageFiles } from '../resolve/entry.ts';
import { keyLabel } from '../resolve/buildKey.ts';
import { runWithLimit } from './buildModule.ts';
import { PACKAGE_NAMESPACE, packagePlugin, type PackageSource } from './packagePlugin.ts';

/** Files a shared build starts from: JavaScript and TypeScript modules (JSON and CSS have no state to share). */
const SCRIPT = /\.(m|c)?jsx?$|\.(m|c)?tsx?$/i;

/** ES module files looked at for a package without `exports`; past it the package is not scanned. */
export const MAX_SCANNED_FILES = 1000;

/**
 * More entry points than this and the version's entries are built one by one: a barrel over hundreds of them
 * (date-fns's main entry re-exports 600) would make hundreds of chunks, and building them all at once costs
 * seconds that the one entry asked for does not need.
 */
export const MAX_SHARED_ENTRIES = 100;

/** The scan follows imports only: every dependency stands at one version, so no version is looked up. */
const ANY_VERSION = '0.0.0';

/** The file a subpath builds ('' for the main entry), with the `browser` field's swap applied, as `EsmBuilds.get` does. */
export function entryFile(manifest: Record<string, unknown>, files: PackageFiles, subpath: string, conditions: ReadonlySet<string>): string | null {
  const entry = resolveEntry(manifest, files, subpath, conditions);
  if (!entry) return null;
  const swapped = browserMap(manifest, files).get(entry);
  return typeof swapped === 'string' ? (probeFile(files, swapped) ?? entry) : entry;
}

function exportsSubpaths(manifest: Record<string, unknown>): string[] | null {
  const field = manifest['exports'];
  if (!field || typeof field !== 'object' || Array.isArray(field)) return null;
  const keys = Object.keys(field);
  if (!keys.some((k) => k.startsWith('.'))) return null;
  return keys.filter((k) => k.startsWith('./') && !k.includes('*'));
}

function isEsModulePackage(manifest: Record<string, unknown>, main: string): boolean {
  return manifest['type'] === 'module' || main.endsWith('.mjs');
}

export interface DeclaredEntries {
  /** The main entry (null when the package has none). */
  main: string | null;
  /** The entry points the manifest names, sorted. */
  entries: string[];
  /** The subpath of each one's URL ('' for the main entry, './x' -> '/x'). */
  subpaths: Map<string, string>;
  /** The package's files must be scanned for more (`unimportedModules`): an ES module package without `exports`. */
  scan: boolean;
  /** Each file has an ES module twin, which its subpath names (`hasModuleTwins`, graphql): every file is public. */
  twins: boolean;
}

/** The entry points the manifest and the file list tell, without reading a file. */
export function declaredEntries(manifest: Record<string, unknown>, files: PackageFiles, conditions: ReadonlySet<string>): DeclaredEntries {
  const main = entryFile(manifest, files, '', conditions);
  if (!main) return { main: null, entries: [], subpaths: new Map(), scan: false, twins: false };
  const found = new Map([[main, '']]);
  const subpaths = exportsSubpaths(manifest);
  if (subpaths) {
    for (const key of subpaths) {
      const file = entryFile(manifest, files, key.slice(1), conditions);
      if (file && SCRIPT.test(file) && !found.has(file)) found.set(file, key.slice(1));
    }
  }
  const twins = hasModuleTwins(manifest, files, conditions);
  const scan = !subpaths && manifest['exports'] === undefined && isEsModulePackage(manifest, main) && (twins || !mainAlternative(manifest, files, main));
  return { main, entries: [...found.keys()].sort(), subpaths: found, scan, twins };
}

export interface EntriesRequest extends PackageSource {
  timeoutMs: number;
}

export interface ScannedModules {
  /** ES module files of the package that no file of it imports, the main entry left out. */
  unimported: string[];
  /** How many files of the package the main entry reaches by static imports, itself included. */
  mainReach: number;
}

/** The package's files that only a page can ask for, and how far the main entry reaches. */
export async function unimportedModules(request: EntriesRequest, main: string): Promise<ScannedModules> {
  const none = { unimported: [], mainReach: 1 };
  const candidates = [...request.files.keys()].filter((p) => /\.m?js$/i.test(p) && !p.includes('/node_modules/') && p !== main).sort();
  if (candidates.length === 0 || candidates.length > MAX_SCANNED_FILES) return none;
  let metafile: esbuild.Metafile | undefined;
  try {
    const source: PackageSource = { ...request, resolveDependency: () => Promise.resolve(ANY_VERSION) };
    const result = await runWithLimit(
      {
        entryPoints: [main, ...candidates],
        bundle: true,
        write: false,
        // Splitting keeps the output linear in the number of files: the scan wants the import graph only.
        splitting: true,
        format: 'esm',
        platform: 'browser',
        outdir: 'scan',
        metafile: true,
        logLevel: 'silent',
        absWorkingDir: '/',
        plugins: [packagePlugin(source, null)],
      },
      request.timeoutMs,
      `the entry points of ${keyLabel(request.key, '')}`,
    );
    metafile = result.metafile;
  } catch {
    // A file that does not build (a test fixture, a broken example) leaves the package with its main entry only.
    return none;
  }
  const inputs = metafile?.inputs ?? {};
  const imported = new Set<string>();
  for (const input of Object.values(inputs)) for (const target of input.imports) if (!target.external) imported.add(target.path);
  const unimported = candidates.filter((file) => {
    const id = `${PACKAGE_NAMESPACE}:${file}`;
    return !imported.has(id) && inputs[id]?.format !== 'cjs';
  });
  const reached = new Set([`${PACKAGE_NAMESPACE}:${main}`]);
  const stack = [...reached];
  while (stack.length) {
    for (const target of inputs[stack.pop()!]?.imports ?? []) {
      if (target.external || target.kind === 'dynamic-import' || reached.has(target.path)) continue;
      reached.add(target.path);
      stack.push(target.path);
    }
  }
  return { unimported, mainReach: [...reached].filter((id) => id.startsWith(`${PACKAGE_NAMESPACE}:`)).length };
}
