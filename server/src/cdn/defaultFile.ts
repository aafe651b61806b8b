/**
 * The file served for `/npm/{name}@{version}` with no path: the package layer's default file (jsdelivr,
 * cdn, browser, main, style), minified: its existing `.min` sibling when there is one, otherwise the
 * `.min` name that the CDN generates on the fly.
 */
import type { VersionListing } from '../packages/types.ts';
import { minifiedNameOf } from './minify/generatedNames.ts';

export function servedDefaultFile(listing: VersionListing): string | null {
  const original = listing.default;
  if (!original) return null;
  const minified = minifiedNameOf(original);
  return minified ?? original;
}
