/**
 * Normalises the file part of a CDN URL into the form the package layer uses ('/dir/file.js'): each segment
 * is percent-decoded once, empty and '.' segments are dropped, and anything that could step outside the
 * version ('..', encoded slashes or backslashes, control characters) is refused with a 400 rather than resolved.
 */
import { PackageError } from '../packages/types.ts';

const MAX_PATH_LENGTH = 1024;

// Control characters are exactly what this refuses, so the pattern names them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * One segment of a name, version or path, percent-decoded once. A control character in it is refused, not
 * trimmed: `3.7.1%0d%0a` is no version, and taking it for `3.7.1` would give one file many cache keys.
 */
export function decodeSegment(raw: string, what: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw PackageError.badRequest(`Invalid ${what}: malformed percent-encoding.`);
  }
  if (CONTROL_CHARACTER.test(decoded)) throw PackageError.badRequest(`Invalid ${what}: control characters are not allowed.`);
  return decoded;
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
