/**
 * What the CDN serves from WordPress.org: a plugin at a tag or at trunk, or a theme at a version, and where
 * each lives in the upstream's Subversion trees (`{plugins}/{slug}/tags/{version}/...`,
 * `{plugins}/{slug}/trunk/...`, `{themes}/{slug}/{version}/...`).
 */

export type WordPressKind = 'plugin' | 'theme';

export interface WordPressRef {
  kind: WordPressKind;
  slug: string;
  /** The tag (plugins), the version (themes), or 'trunk' (plugins only). */
  version: string;
  /** True for a plugin's trunk, which moves; tags and theme versions do not. */
  trunk: boolean;
}

export interface WordPressBases {
  /** Base URL of the plugin repository, without a trailing slash. */
  plugins: string;
  /** Base URL of the theme repository, without a trailing slash. */
  themes: string;
}

/** The name statistics and the request log know the project by: `plugins/{slug}` or `themes/{slug}`. */
export function wordPressName(ref: WordPressRef): string {
  return `${ref.kind === 'plugin' ? 'plugins' : 'themes'}/${ref.slug}`;
}

/** The CDN path of the project's root folder at its version, without a trailing slash (`/wp/plugins/x/tags/1.0`). */
export function wordPressRoot(ref: WordPressRef): string {
  if (ref.kind === 'theme') return `/wp/themes/${ref.slug}/${ref.version}`;
  return ref.trunk ? `/wp/plugins/${ref.slug}/trunk` : `/wp/plugins/${ref.slug}/tags/${ref.version}`;
}

/** `path` is '' or a normalised '/dir/file' (a folder ends with '/'); every segment is encoded again. */
export function upstreamUrl(bases: WordPressBases, ref: WordPressRef, path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const slug = encodeURIComponent(ref.slug);
  const version = encodeURIComponent(ref.version);
  if (ref.kind === 'theme') return `${bases.themes}/${slug}/${version}${encoded}`;
  return ref.trunk ? `${bases.plugins}/${slug}/trunk${encoded}` : `${bases.plugins}/${slug}/tags/${version}${encoded}`;
}

/** How error messages name the project: "the WordPress plugin akismet". */
export function describe(ref: WordPressRef): string {
  return `the WordPress ${ref.kind} ${ref.slug}`;
}
