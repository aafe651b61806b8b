/**
 * The one description of a build that every stage is handed: which package version, which file of it, built
 * how. It is made once per request from the parsed URL and its options (`resolveBuild.ts`), and the builds a
 * build imports get theirs from it (`importedKey`); nothing below re-derives it from a URL or a query string.
 * Its URL, its canonical query and its storage id are written here and nowhere else.
 *
 * An option is one more field of `EsmOptions` (`esmOptions.ts`): parsed there, written in the canonical query,
 * and so part of every URL, storage id and in-memory entry a key gives.
 */
import semver from 'semver';
import { encodeFilePath } from '../../../cdnUrl/cdnPath.ts';
import { parseEsmPath } from '../../url/parseEsmPath.ts';
import { DEFAULT_OPTIONS, optionsQuery, type EsmOptions } from './esmOptions.ts';

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
}

export function buildKey(name: string, version: string, subpath = '', options: EsmOptions = DEFAULT_OPTIONS): BuildKey {
  return { name, version, subpath, options, query: optionsQuery(options) };
}

/** The same build of another file of the version: its own entry points, chunks and files. */
export function atSubpath(key: BuildKey, subpath: string): BuildKey {
  return subpath === key.subpath ? key : buildKey(key.name, key.version, subpath, key.options);
}

/** The same file with some options changed: the full build an `?exports` build is made from, the own build a `?bundle` is. */
export function withOptions(key: BuildKey, change: Partial<EsmOptions>): BuildKey {
  return buildKey(key.name, key.version, key.subpath, { ...key.options, ...change });
}

/**
 * The build another one imports (a dependency, a polyfill, its own dynamic import): its options but `exports`,
 * which names the importing build's own exports, and `bundle`, which the importing build does itself. So a
 * development build's whole graph is of development builds.
 */
export function importedKey(importer: BuildKey, name: string, version: string, subpath: string): BuildKey {
  return buildKey(name, version, subpath, { ...importer.options, exports: null, bundle: false });
}

/** The chunk a subpath names (`/+esm-chunks/ABCD1234.js` -> `ABCD1234`), or null. */
export function chunkId(subpath: string): string | null {
  const match = /^\/\+esm-chunks\/([A-Z0-9]+)\.js$/.exec(subpath);
  return match ? match[1]! : null;
}

/** Root-relative URL of the build's module: `/npm/{name}@{version}[/{path}]/+esm[?{options}]`. */
export function moduleUrl(key: BuildKey): string {
  return `/npm/${key.name}@${key.version}${key.subpath ? encodeFilePath(key.subpath) : ''}/+esm${key.query}`;
}

/** Where its source map is, relative to the module (`+esm.map?dev`). */
export function mapReference(key: BuildKey): string {
  return `+esm.map${key.query}`;
}

/** `name@version/path`, for messages. */
export function keyLabel(key: BuildKey, file = key.subpath): string {
  return `${key.name}@${key.version}${file}`;
}

/** The id a build of `file` (the file built, which several subpaths may name) is stored and remembered under. */
export function storageId(key: BuildKey, file: string): string {
  return `npm/${key.name}@${key.version}${file}${key.query}`;
}

/**
 * The key of a build URL written in a build (`/npm/react@18.3.1/+esm?dev`, as `moduleUrl` writes them), or
 * null for any other URL: the one way back from such a URL to its key.
 */
export function keyOfUrl(url: string): BuildKey | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!path.startsWith('/npm/')) return null;
  try {
    const parsed = parseEsmPath(path.slice('/npm/'.length), queryAt < 0 ? '' : url.slice(queryAt + 1));
    if (!parsed || parsed.output !== 'module' || !semver.valid(parsed.requested)) return null;
    return buildKey(parsed.ref.name, parsed.requested, parsed.path, parsed.options);
  } catch {
    return null;
  }
}
