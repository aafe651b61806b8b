/** What a file path says about the file: its kind, and its minified name. */
import type { FileKind } from './types';

/** The path segment that asks the CDN for a package's ES module build. */
export const ESM_FILE = '/+esm';

export function isEsmPath(file: string): boolean {
  return file === ESM_FILE || file === '+esm' || file.endsWith('/+esm');
}

export function fileKindOf(file: string): FileKind {
  if (isEsmPath(file)) return 'esm';
  const lower = file.toLowerCase();
  if (lower.endsWith('.js')) return 'js';
  if (lower.endsWith('.css')) return 'css';
  return 'other';
}

export function isMinifiedName(file: string): boolean {
  return /\.min\.(js|css)$/i.test(file);
}

/**
 * The name of the minified file the CDN serves for a JS or CSS file (`/dist/x.js` -> `/dist/x.min.js`).
 * Other files, and files that are minified already, keep their name.
 */
export function minifiedFileName(file: string): string {
  const match = /^(.*[^/])\.(js|css)$/i.exec(file);
  if (!match || isMinifiedName(file)) return file;
  return `${match[1]}.min.${match[2]}`;
}

/** A package path always starts with "/". */
export function normalizeFilePath(file: string): string {
  return file.startsWith('/') ? file : `/${file}`;
}
