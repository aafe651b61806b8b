/**
 * Entry points of a version: the JavaScript and CSS file to recommend. Files named by the package's own
 * metadata (the package layer's default file, `style`) are `guessed: false`; otherwise common build
 * layouts are tried and the result is `guessed: true`. Minified siblings are preferred when they exist.
 */
import type { VersionListing } from '../packages/types.ts';

export interface Entrypoint {
  file: string;
  guessed: boolean;
}

function minified(path: string, ext: 'js' | 'css', files: ReadonlySet<string>): string {
  if (path.endsWith(`.min.${ext}`)) return path;
  const candidate = path.replace(new RegExp(`\\.${ext}$`), `.min.${ext}`);
  return files.has(candidate) ? candidate : path;
}

function normalise(path: string): string {
  return `/${path.replace(/^\.?\/+/, '')}`;
}

function guess(name: string, ext: 'js' | 'css', files: ReadonlySet<string>): string | undefined {
  const base = name.split('/').pop() ?? name;
  const candidates = [
    `/dist/${base}.min.${ext}`,
    `/dist/${base}.${ext}`,
    `/dist/index.min.${ext}`,
    `/dist/index.${ext}`,
    `/dist/umd/${base}.min.${ext}`,
    `/dist/umd/${base}.${ext}`,
    `/${base}.min.${ext}`,
    `/${base}.${ext}`,
    `/dist/css/${base}.min.${ext}`,
    `/css/${base}.min.${ext}`,
    `/index.min.${ext}`,
    `/index.${ext}`,
  ];
  const hit = candidates.find((c) => files.has(c));
  if (hit) return hit;
  // A single minified file of the type in dist/ is almost certainly the build.
  const inDist = [...files].filter((f) => f.startsWith('/dist/') && f.endsWith(`.min.${ext}`));
  return inDist.length === 1 ? inDist[0] : undefined;
}

export function entrypointsOf(listing: VersionListing, manifest: Record<string, unknown> | null): { js?: Entrypoint; css?: Entrypoint } {
  const files = new Set(listing.files.map((f) => f.path));
  const result: { js?: Entrypoint; css?: Entrypoint } = {};
  const declared = listing.default ? normalise(listing.default) : undefined;
  if (declared?.endsWith('.js') && files.has(declared)) result.js = { file: minified(declared, 'js', files), guessed: false };
  if (declared?.endsWith('.css') && files.has(declared)) result.css = { file: minified(declared, 'css', files), guessed: false };
  const style = typeof manifest?.['style'] === 'string' ? normalise(manifest['style']) : undefined;
  if (!result.css && style && files.has(style)) result.css = { file: minified(style, 'css', files), guessed: false };
  if (!result.js) {
    const file = guess(listing.name, 'js', files);
    if (file) result.js = { file, guessed: true };
  }
  if (!result.css) {
    const file = guess(listing.name, 'css', files);
    if (file) result.css = { file, guessed: true };
  }
  return result;
}
