/**
 * The shapes the link builder works on ("Link descriptor"): one file of one package version,
 * with the sha256 of its contents when the data API gave one.
 */
import type { PackageType } from '../api/types';

export type { PackageType };

export interface LinkDescriptor {
  type: PackageType;
  /** npm: the package name (`@scope/name` for scoped ones); gh: `user/repo`. */
  name: string;
  /** An exact version, a range, a tag or (gh) a commit. */
  version: string;
  /** Path within the package, starting with "/" (`/dist/lib.js`), or `/+esm` for the ES module build. */
  file: string;
  /** base64-encoded sha256 of the file's contents, when known. */
  hash?: string | null;
  /** Whether this is the file the package names as its default. */
  isDefault?: boolean;
  /** For an `+esm` build of an exact version: its pinned URL and the integrity of its bytes, when known (`?meta`). */
  pinned?: PinnedBuild | null;
}

/**
 * The pinned URL of an `+esm` build (`/npm/react@18.3.1/+esm/b1`), whose bytes never change, and their
 * `sha384-...`, as the CDN's `?meta` gives them: what an SRI link of a build names.
 */
export interface PinnedBuild {
  url: string;
  integrity: string;
}

/**
 * How much of the version a link keeps ("Install version choice"): `exact` pins it,
 * `minor` keeps major.minor (latest patch), `major` keeps the major (latest minor), `none` drops it.
 */
export type VersionAlias = 'exact' | 'minor' | 'major' | 'none';

/** What kind of HTML a file becomes. */
export type FileKind = 'js' | 'css' | 'esm' | 'other';

/**
 * The collection's link options ("Collection options"): `html` tags instead of plain URLs,
 * `optimize` minified files, `alias` major-only versions, `sri` integrity attributes.
 */
export interface CollectionOptions {
  html: boolean;
  optimize: boolean;
  alias: boolean;
  sri: boolean;
}

export const DEFAULT_COLLECTION_OPTIONS: Readonly<CollectionOptions> = Object.freeze({ html: false, optimize: true, alias: false, sri: false });
