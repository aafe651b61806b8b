/**
 * The one description of a build that every stage is handed: which package version, which file of it, built
 * how, of which generation. It is made once per request from the parsed URL and its options
 * (`resolveBuild.ts`), and the builds a build imports get theirs from it (`importedKey`); nothing below
 * re-derives it from a URL or a query string. Its URLs, its canonical query and its storage id are written here
 * and nowhere else.
 *
 * A key's URL is the pinned one (`/npm/react@18.3.1/+esm/b1`), whose bytes never change once served; the builds
 * it imports are of the same generation, so a pinned graph stays whole. The convenient URL (`/+esm` alone)
 * stands for the current generation's build (`convenientUrl`), and moves to a better one when the builder
 * improves.
 *
 * An option is one more field of `EsmOptions` (`esmOptions.ts`): parsed there, written in the canonical query,
 * and so part of every URL, storage id and in-memory entry a key gives.
 */
import semver from 'semver';
import { encodeFilePath } from '../../../cdnUrl/cdnPath.ts';
import { parseEsmPath } from '../../url/parseEsmPath.ts';
import { DEFAULT_OPTIONS, optionsQuery, type EsmOptions } from '../../../cdnUrl/esmOptions.ts';

/**
 * The generation of the builds this builder makes for the convenient URLs: bump it when the output of a build
 * changes for the same input. The builds of older generations stay what they were, under their pinned URLs.
 */
export const BUILD_GENERATION = 1;

/** The folder of a version's shared chunks in their URLs (`sharedBuild.ts`); no published file can be asked for below it as a module. */
export const CHUNK_DIR = '/+esm-chunks';

export interface BuildKey {
  /** The npm package. */
  readonly name: string;
  /** Its exact version. */
  readonly version: string;
  /** '' for the package's main entry, else the path asked for: an `exports` subpath, a file, a shared chunk (`/+esm-chunks/{id}.js`). */
  readonly subpath: string;
  /** The build options, canonical (sorted, without repeats). */
  readonly options: EsmOptions;
  /** The options' canonical query ('' for the default build, else `?dev&target=es2018`), written once. */
  readonly query: string;
  /** The build generation: the current one (`BUILD_GENERATION`), or an older one a pinned URL names. */
  readonly generation: number;
}

export function buildKey(name: string, version: string, subpath = '', options: EsmOptions = DEFAULT_OPTIONS, generation = BUILD_GENERATION): BuildKey {
  return { name, version, subpath, options, query: optionsQuery(options), generation };
}

/** The same build of another file of the version: its own entry points, chunks and files. */
export function atSubpath(key: BuildKey, subpath: string): BuildKey {
  return subpath === key.subpath ? key : buildKey(key.name, key.version, subpath, key.options, key.generation);
}

/** The same file with some options changed: the full build an `?exports` build is made from, the own build a `?bundle` is. */
export function withOptions(key: BuildKey, change: Partial<EsmOptions>): BuildKey {
  return buildKey(key.name, key.version, key.subpath, { ...key.options, ...change }, key.generation);
}

/**
 * The build another one imports (a dependency, a polyfill, its own dynamic import): its options but `exports`,
 * which names the importing build's own exports, and `bundle`, which the importing build does itself; its
 * generation. So a development build's whole graph is of development builds, and a pinned graph of pinned ones.
 */
export function importedKey(importer: BuildKey, name: string, version: string, subpath: string): BuildKey {
  return buildKey(name, version, subpath, { ...importer.options, exports: null, bundle: false }, importer.generation);
}

/** The chunk a subpath names (`/+esm-chunks/ABCD1234.js` -> `ABCD1234`), or null. */
export function chunkId(subpath: string): string | null {
  const match = /^\/\+esm-chunks\/([A-Z0-9]+)\.js$/.exec(subpath);
  return match ? match[1]! : null;
}

/** The path segment of a generation's pinned URLs (`b1`). */
export function generationSegment(generation: number): string {
  return `b${generation}`;
}

/** `/npm/{name}@{version}[/{path}]`: what both URLs of a build start with. */
function filePath(key: BuildKey): string {
  // A chunk's path is written as esbuild writes it in the modules importing it (`sharedBuild.ts`): one URL.
  const path = chunkId(key.subpath) !== null ? key.subpath : encodeFilePath(key.subpath);
  return `/npm/${key.name}@${key.version}${path}`;
}

/** What follows a module's path in its pinned URL: `/+esm/b{generation}[?{options}]`. */
export function pinnedSuffix(key: BuildKey): string {
  return `/+esm/${generationSegment(key.generation)}${key.query}`;
}

/** Root-relative pinned URL of the build's module: `/npm/{name}@{version}[/{path}]/+esm/b{generation}[?{options}]`. */
export function moduleUrl(key: BuildKey): string {
  return `${filePath(key)}${pinnedSuffix(key)}`;
}

/** The convenient URL of the same file and options: `/npm/{name}@{version}[/{path}]/+esm[?{options}]`. */
export function convenientUrl(key: BuildKey): string {
  return `${filePath(key)}/+esm${key.query}`;
}

/** Where its source map is, relative to the module (`b1.map?dev`, beside `.../+esm/b1?dev`). */
export function mapReference(key: BuildKey): string {
  return `${generationSegment(key.generation)}.map${key.query}`;
}

/** `name@version/path`, for messages. */
export function keyLabel(key: BuildKey, file = key.subpath): string {
  return `${key.name}@${key.version}${file}`;
}

/** The id a build of `file` (the file built, which several subpaths may name) is stored and remembered under. */
export function storageId(key: BuildKey, file: string): string {
  return `npm/${key.name}@${key.version}${file}${key.query}\n${generationSegment(key.generation)}`;
}

/**
 * The key of a pinned build URL written in a build (`/npm/react@18.3.1/+esm/b1?dev`, as `moduleUrl` writes
 * them), or null for any other URL: the one way back from such a URL to its key.
 */
export function keyOfUrl(url: string): BuildKey | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!path.startsWith('/npm/')) return null;
  try {
    const parsed = parseEsmPath(path.slice('/npm/'.length), queryAt < 0 ? '' : url.slice(queryAt + 1));
    if (!parsed || parsed.output !== 'module' || parsed.generation === null || !semver.valid(parsed.requested)) return null;
    return buildKey(parsed.ref.name, parsed.requested, parsed.path, parsed.options, parsed.generation);
  } catch {
    return null;
  }
}
