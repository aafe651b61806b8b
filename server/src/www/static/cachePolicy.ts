/**
 * Which build files may be cached forever. Scripts and styles carry a content hash in their names, so a
 * changed file gets a new name; the entry points that name them (remoteEntry.js, mf-manifest.json,
 * index.html) keep fixed names and must be revalidated, or a deployment would never be seen.
 */
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const ALWAYS_REVALIDATE = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html']);

/** A hex content hash of 8 or more characters, as a name of its own or after a `.` or `-`: `main.3f9a0c1d.js`, `3f9a0c1d77.js`. */
const HASHED_NAME = /(?:^|[.-])[0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;

export function isContentHashed(fileName: string): boolean {
  const base = path.posix.basename(fileName);
  if (ALWAYS_REVALIDATE.has(base)) return false;
  return HASHED_NAME.test(base);
}

export function cacheControlFor(fileName: string): string {
  return isContentHashed(fileName) ? IMMUTABLE : REVALIDATE;
}
