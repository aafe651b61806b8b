/**
 * Parses the path of a CDN URL (`/npm/...`, `/gh/...`, `/combine/...`) into what to serve. Everything a
 * user can type is validated here, so the layers below only ever see well-formed names, versions and paths.
 */
import { npmNameProblem } from '../packages/npm/npmName.ts';
import { PackageError, type PackageRef } from '../packages/types.ts';
import { decodeSegment, normaliseFilePath } from './cdnPath.ts';

/**
 * default: the package's default file (no path after the version); file: one file;
 * listing: the HTML listing of a folder (trailing slash); private-json: the machine-readable listing.
 */
export type FileRequestMode = 'default' | 'file' | 'listing' | 'private-json';

export interface FileRequest {
  ref: PackageRef;
  /** What the URL asked for, decoded: '' (none: latest), a version, a range, a tag, a branch or a commit. */
  requested: string;
  /** Normalised path: '' for the default file, '/' or '/dir/' (with the slash) for listings, else '/dir/file'. */
  path: string;
  mode: FileRequestMode;
}

export interface CombineRequest {
  parts: FileRequest[];
}

const PRIVATE_JSON = '+private-json';
const VERSION_PATTERN = /^[0-9A-Za-z.^~<>=|*+_ -]{1,256}$/;
const GH_USER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GH_REPO_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

/** Splits `name@version` at the first '@' after the name's own leading character. */
function splitVersion(segment: string): { base: string; version: string | null } {
  const at = segment.indexOf('@');
  if (at === -1) return { base: segment, version: null };
  return { base: segment.slice(0, at), version: segment.slice(at + 1) };
}

function validVersion(raw: string | null): string {
  if (raw === null) return '';
  const version = decodeSegment(raw, 'version').trim();
  if (!VERSION_PATTERN.test(version)) throw PackageError.badRequest(`Invalid version "${raw}".`);
  return version;
}

function validNpmName(name: string): string {
  const problem = npmNameProblem(name);
  if (problem) throw PackageError.badRequest(`Invalid package name "${name}": ${problem}.`);
  return name;
}

function finish(ref: PackageRef, requested: string, rest: readonly string[], trailingSlash: boolean, hadPath: boolean): FileRequest {
  if (!hadPath) return { ref, requested, path: '', mode: 'default' };
  if (rest.length === 1 && rest[0] === PRIVATE_JSON) return { ref, requested, path: '', mode: 'private-json' };
  const path = normaliseFilePath(rest);
  if (trailingSlash || path === '') return { ref, requested, path: path === '' ? '/' : `${path}/`, mode: 'listing' };
  return { ref, requested, path, mode: 'file' };
}

/** `rest` is what follows `/npm/`, still percent-encoded, without the query string. */
export function parseNpmPath(rest: string): FileRequest {
  const segments = rest.split('/');
  const scoped = segments[0]?.startsWith('@') || segments[0]?.toLowerCase().startsWith('%40');
  const nameSegments = scoped ? 2 : 1;
  if (segments.length < nameSegments || !segments[nameSegments - 1])
    throw PackageError.badRequest('Invalid URL: a package name is required, as in /npm/{name}@{version}/{file}.');
  let name: string;
  let version: string | null;
  if (scoped) {
    const scope = decodeSegment(segments[0]!, 'package name');
    const split = splitVersion(segments[1]!);
    name = `${scope}/${decodeSegment(split.base, 'package name')}`;
    version = split.version;
  } else {
    const split = splitVersion(segments[0]!);
    name = decodeSegment(split.base, 'package name');
    version = split.version;
  }
  if (version === '') throw PackageError.badRequest(`Invalid version "" for ${name}.`);
  const ref: PackageRef = { type: 'npm', name: validNpmName(name) };
  const rest2 = segments.slice(nameSegments);
  return finish(ref, validVersion(version), rest2, rest.endsWith('/'), rest2.length > 0);
}

/** `rest` is what follows `/gh/`: `{user}/{repo}@{ref}/{path}`. */
export function parseGhPath(rest: string): FileRequest {
  const segments = rest.split('/');
  if (segments.length < 2 || !segments[0] || !segments[1])
    throw PackageError.badRequest('Invalid URL: a repository is required, as in /gh/{user}/{repo}@{version}/{file}.');
  const user = decodeSegment(segments[0], 'GitHub user');
  const split = splitVersion(segments[1]);
  const repo = decodeSegment(split.base, 'GitHub repository');
  if (!GH_USER_PATTERN.test(user)) throw PackageError.badRequest(`Invalid GitHub user "${user}".`);
  if (!GH_REPO_PATTERN.test(repo) || repo === '.' || repo === '..') throw PackageError.badRequest(`Invalid GitHub repository "${repo}".`);
  if (split.version === '') throw PackageError.badRequest(`Invalid version "" for ${user}/${repo}.`);
  const ref: PackageRef = { type: 'gh', name: `${user}/${repo}` };
  const rest2 = segments.slice(2);
  return finish(ref, validVersion(split.version), rest2, rest.endsWith('/'), rest2.length > 0);
}

/**
 * `rest` is what follows `/combine/`: comma-separated parts such as `npm/a@1/x.min.js,gh/u/r@2/y.js`. A part
 * that names a package and no file (`npm/jquery@3`) stands for its default file, as `/npm/jquery@3` does.
 */
export function parseCombinePath(rest: string, maxParts: number): CombineRequest {
  const rawParts = rest.split(',');
  if (rawParts.length > maxParts) throw PackageError.badRequest(`Too many files to combine: at most ${maxParts} are allowed, got ${rawParts.length}.`);
  const parts = rawParts.map((raw, index) => {
    const label = `Invalid combine part ${index + 1} "${raw}"`;
    let part: FileRequest;
    if (raw.startsWith('npm/')) part = parseNpmPath(raw.slice(4));
    else if (raw.startsWith('gh/')) part = parseGhPath(raw.slice(3));
    else throw PackageError.badRequest(`${label}: each part must start with npm/ or gh/.`);
    if (part.mode !== 'file' && part.mode !== 'default') throw PackageError.badRequest(`${label}: each part must name a file.`);
    return part;
  });
  return { parts };
}
