/**
 * Normalises the file part of a CDN URL into the form the package layer uses ('/dir/file.js'): each segment
 * is percent-decoded once, empty and '.' segments are dropped, and anything that could step outside the
 * version ('..', encoded slashes or backslashes, NUL) is refused with a 400 rather than resolved.
 */
import { PackageError } from '../../packages/types.ts';

const MAX_PATH_LENGTH = 1024;

export function decodeSegment(raw: string, what: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw PackageError.badRequest(`Invalid ${what}: malformed percent-encoding.`);
  }
}

/** Raw URL segments (still encoded) to a normalised path: '' for none, else '/a/b'. */
export function normaliseFilePath(rawSegments: readonly string[]): string {
  const parts: string[] = [];
  for (const raw of rawSegments) {
    if (raw.includes('\\')) throw PackageError.badRequest('Invalid file path: backslashes are not allowed.');
    const segment = decodeSegment(raw, 'file path');
    if (segment === '' || segment === '.') continue;
    if (segment === '..') throw PackageError.badRequest('Invalid file path: ".." segments are not allowed.');
    if (/[/\\]/.test(segment)) throw PackageError.badRequest('Invalid file path: encoded slashes are not allowed.');
    // Control characters are exactly what this refuses, so the pattern names them.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(segment)) throw PackageError.badRequest('Invalid file path: control characters are not allowed.');
    parts.push(segment);
  }
  const path = parts.length ? `/${parts.join('/')}` : '';
  if (path.length > MAX_PATH_LENGTH) throw PackageError.badRequest('Invalid file path: too long.');
  return path;
}

/** Encodes a normalised path back into URL form, segment by segment. */
export function encodeFilePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, '@'))
    .join('/');
}
