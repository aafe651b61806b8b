/**
 * Parses what follows `/wp/`: `plugins/{plugin}/tags/{version}/{file}`, `plugins/{plugin}/trunk/{file}`,
 * `themes/{theme}/{version}/{file}`, and the older short forms `{plugin}/tags/{version}/{file}` and
 * `{plugin}/trunk/{file}`. The file part goes through the same normalisation and checks as npm and GitHub paths.
 */
import { PackageError } from '../packages/types.ts';
import type { WordPressRef } from '../packages/wordpress/wordpressRef.ts';
import { decodeSegment, normaliseFilePath } from './cdnPath.ts';

export interface WordPressRequest {
  ref: WordPressRef;
  /** '' for none (the project's root, redirected to its listing), '/' or '/dir/' for listings, else '/dir/file'. */
  path: string;
  mode: 'root' | 'listing' | 'file';
}

// WordPress.org slugs are lowercase letters, digits and hyphens; older ones hold dots and underscores.
const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,99}$/;
const USAGE =
  'Invalid URL: a WordPress path is /wp/plugins/{plugin}/tags/{version}/{file}, /wp/plugins/{plugin}/trunk/{file} or /wp/themes/{theme}/{version}/{file}.';

function slugOf(raw: string | undefined, what: string): string {
  const slug = decodeSegment(raw ?? '', what);
  if (!SLUG_PATTERN.test(slug)) throw PackageError.badRequest(`Invalid ${what} "${slug}".`);
  return slug;
}

function versionOf(raw: string | undefined): string {
  const version = decodeSegment(raw ?? '', 'version');
  if (!VERSION_PATTERN.test(version)) throw PackageError.badRequest(`Invalid version "${version}".`);
  return version;
}

/** `{slug}/tags/{version}/...` or `{slug}/trunk/...`: the plugin, and the index where its file path starts. */
function pluginAt(segments: readonly string[], start: number): { ref: WordPressRef; fileStart: number } {
  const slug = slugOf(segments[start], 'WordPress plugin');
  const branch = segments[start + 1];
  if (branch === 'trunk') return { ref: { kind: 'plugin', slug, version: 'trunk', trunk: true }, fileStart: start + 2 };
  if (branch === 'tags' && segments[start + 2])
    return { ref: { kind: 'plugin', slug, version: versionOf(segments[start + 2]), trunk: false }, fileStart: start + 3 };
  throw PackageError.badRequest(USAGE);
}

/** `rest` is what follows `/wp/`, still percent-encoded, without the query string. */
export function parseWpPath(rest: string): WordPressRequest {
  const segments = rest.split('/');
  let ref: WordPressRef;
  let fileStart: number;
  if (segments[0] === 'themes' && segments.length >= 3 && segments[2]) {
    ref = { kind: 'theme', slug: slugOf(segments[1], 'WordPress theme'), version: versionOf(segments[2]), trunk: false };
    fileStart = 3;
  } else if (segments[0] === 'plugins' && (segments[2] === 'tags' || segments[2] === 'trunk')) {
    ({ ref, fileStart } = pluginAt(segments, 1));
  } else if (segments[1] === 'tags' || segments[1] === 'trunk') {
    ({ ref, fileStart } = pluginAt(segments, 0));
  } else {
    throw PackageError.badRequest(USAGE);
  }
  const fileSegments = segments.slice(fileStart);
  if (fileSegments.length === 0) return { ref, path: '', mode: 'root' };
  const path = normaliseFilePath(fileSegments);
  if (path === '' || rest.endsWith('/')) return { ref, path: path === '' ? '/' : `${path}/`, mode: 'listing' };
  return { ref, path, mode: 'file' };
}
