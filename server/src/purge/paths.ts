/**
 * What a purge request may name: at most 10 paths of our CDN (`/npm/...`, `/gh/...`, `/combine/...`),
 * each parsed with the CDN's own URL parser, so a path the CDN would refuse cannot be purged either.
 * A path is an alias when some part of it names a version that can move (a range, a tag, a branch or
 * none); exact versions and commits are immutable, so only the fronting CDNs are asked for those.
 */
import { parseCombinePath, parseGhPath, parseNpmPath, type FileRequest } from '../cdnUrl/parseCdnUrl.ts';
import { exactVersion } from '../packages/resolve/resolveNpm.ts';
import { COMMIT_RE } from '../packages/resolve/resolveGitHub.ts';
import { PackageError, type PackageRef } from '../packages/types.ts';
import { PurgeError } from './http/errors.ts';

export const MAX_PATHS = 10;
const MAX_PATH_LENGTH = 1024;
const MAX_COMBINE_PARTS = 50;

export interface PurgePath {
  path: string;
  /** The packages whose version resolutions this path depends on. */
  refs: PackageRef[];
  /** Every version in the path is exact: nothing of ours can be stale. */
  immutable: boolean;
}

function isExact(part: FileRequest): boolean {
  return part.ref.type === 'npm' ? exactVersion(part.requested) === part.requested : COMMIT_RE.test(part.requested);
}

function partsOf(path: string): FileRequest[] {
  if (path.startsWith('/npm/')) return [parseNpmPath(path.slice(5).replace(/\/\+esm$/, ''))];
  if (path.startsWith('/gh/')) return [parseGhPath(path.slice(4))];
  if (path.startsWith('/combine/')) return parseCombinePath(path.slice(9), MAX_COMBINE_PARTS).parts;
  throw new PurgeError(400, `Invalid path "${path}": only paths of the CDN (/npm/, /gh/, /combine/) can be purged.`);
}

export function parsePurgePath(raw: unknown): PurgePath {
  if (typeof raw !== 'string' || raw === '') throw new PurgeError(400, 'Each path must be a non-empty string.');
  if (raw.length > MAX_PATH_LENGTH) throw new PurgeError(400, `A path may be at most ${MAX_PATH_LENGTH} characters long.`);
  // A query string or a fragment never reaches the CDN's cache key; control characters never belong in a URL,
  // so the pattern names them.
  // eslint-disable-next-line no-control-regex
  if (!raw.startsWith('/') || /[\u0000-\u001f\u007f\\?#]/.test(raw)) throw new PurgeError(400, `Invalid path "${raw}".`);
  let parts: FileRequest[];
  try {
    parts = partsOf(raw);
  } catch (error) {
    if (error instanceof PackageError) throw new PurgeError(400, `Invalid path "${raw}": ${error.message}`);
    throw error;
  }
  const refs = new Map<string, PackageRef>();
  for (const part of parts) refs.set(`${part.ref.type}:${part.ref.name}`, part.ref);
  return { path: raw, refs: [...refs.values()], immutable: parts.every(isExact) };
}

/** The `path` field of a request body: one path or a list of 1 to 10, duplicates dropped. */
export function parsePurgePaths(value: unknown): PurgePath[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) throw new PurgeError(400, 'The request must name at least one path in "path".');
  if (list.length > MAX_PATHS) throw new PurgeError(400, `At most ${MAX_PATHS} paths can be purged at once, got ${list.length}.`);
  const unique = [...new Set(list as unknown[])];
  return unique.map(parsePurgePath);
}
