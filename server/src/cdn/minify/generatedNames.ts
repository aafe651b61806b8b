/**
 * Which missing files the CDN can generate: `x.min.js` / `x.min.css` from `x.js` / `x.css`, and their
 * source maps `x.min.js.map` / `x.min.css.map`.
 */
import type { MinifyKind } from './minifySource.ts';

export interface GeneratedTarget {
  kind: MinifyKind;
  /** The original file the generated one is built from (`/dist/x.js`). */
  sourcePath: string;
  /** The generated file (`/dist/x.min.js`). */
  minifiedPath: string;
  /** True when the map (`x.min.js.map`) was asked for rather than the code. */
  map: boolean;
}

export function generatedTargetFor(path: string): GeneratedTarget | null {
  const match = /^(.*[^/])\.min\.(js|css)(\.map)?$/.exec(path);
  if (!match) return null;
  const [, stem = '', ext = '', map] = match;
  return { kind: ext as MinifyKind, sourcePath: `${stem}.${ext}`, minifiedPath: `${stem}.min.${ext}`, map: map !== undefined };
}

/** `/dist/x.js` -> `/dist/x.min.js` for JS and CSS that are not minified already; otherwise null. */
export function minifiedNameOf(path: string): string | null {
  const match = /^(.*[^/])\.(js|css)$/.exec(path);
  if (!match || /\.min$/.test(match[1] ?? '')) return null;
  return `${match[1]}.min.${match[2]}`;
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
