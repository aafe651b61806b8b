/**
 * The contract between the package layer (upstream clients, version resolution, safe extraction and the
 * content-addressed file cache, in this folder) and the services that serve from it (cdn, data, search).
 */

export type PackageType = 'npm' | 'gh';

/**
 * How a requested version was resolved, reported in the CDN's response headers:
 * `version` an exact version (or a tag of a repository); `alias` a range or dist-tag resolved to a version;
 * `branch` a branch of a repository; `commit` a full commit hash.
 */
export type VersionKind = 'version' | 'alias' | 'branch' | 'commit';

export interface PackageRef {
  type: PackageType;
  /** npm: the package name, scoped names included (`@scope/name`); gh: `user/repo`. */
  name: string;
}

export interface ResolvedVersion extends PackageRef {
  /** What the request asked for: '' (none), an exact version, a range, a tag, a branch or a commit. */
  requested: string;
  /** The exact version (npm), the tag's version without a leading `v` (gh tags), the branch name, or the commit hash. */
  version: string;
  kind: VersionKind;
  /**
   * True when the upstream could not be reached and the answer comes from the last known document;
   * the CDN says so in a response header.
   */
  stale: boolean;
}

export interface FileEntry {
  /** Path inside the version, always starting with '/', normalised, never containing '..'. */
  path: string;
  size: number;
  /** SHA-256 of the content, base64. */
  sha256: string;
  /** Modification time recorded in the archive, ISO 8601. */
  time: string;
}

export interface VersionListing extends PackageRef {
  version: string;
  files: FileEntry[];
  /** Path of the default file (spec: jsdelivr, cdn, browser string, main; style for CSS), or null. */
  default: string | null;
}

export interface StoredFile extends FileEntry {
  /** Absolute path of the content in the content-addressed cache; read it, never write it. */
  diskPath: string;
  /**
   * The content itself, present only when the local cache could not store it (disk full or refusing): then
   * `diskPath` may not exist, and these bytes are what to serve.
   */
  content?: Buffer;
  /** How to have the file again when its cache copy went before it was read (`storedFile.ts`, `ReadableFile`). */
  again?: () => Promise<StoredFile | null>;
  /**
   * Present on a file read out of an archive still downloading (`content` holds it): resolves once its version
   * is extracted with this very file in it, rejects when not. Until then, no answer of it may be complete.
   */
  pending?: Promise<void>;
}

/** A cause as the log shows it: an error as it is, a sentence as an error with that message. */
function asCause(cause: unknown): Error | undefined {
  if (cause === undefined || cause instanceof Error) return cause;
  return new Error(String(cause));
}

/**
 * Errors carry the HTTP status and the exact wording the service answers with. An upstream failure also carries
 * its cause (`cause`: the network error, the upstream's status, a digest that did not match), for the operator's
 * log only: the answer's wording stays the same whatever went wrong.
 */
export class PackageError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 502 | 503 | 504,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PackageError';
  }

  static versionNotFound(version: string): PackageError {
    return new PackageError(404, `Couldn't find the requested release version ${version}.`);
  }
  static fileNotFound(path: string): PackageError {
    return new PackageError(404, `Couldn't find the requested file ${path}.`);
  }
  static packageNotFound(name: string): PackageError {
    return new PackageError(404, `Failed to fetch version info for ${name}.`);
  }
  static sizeExceeded(limitBytes: number): PackageError {
    return new PackageError(403, `Package size exceeded the configured limit of ${Math.round(limitBytes / (1024 * 1024))} MB.`);
  }
  static badRequest(message: string): PackageError {
    return new PackageError(400, message);
  }
  /** `cause`: what went wrong, for the log (an error, or a sentence such as "the upstream answered 503"). */
  static upstreamFailed(what: string, cause?: unknown): PackageError {
    return new PackageError(502, `Failed to fetch ${what} from the upstream.`, { cause: asCause(cause) });
  }
  static upstreamTimeout(what: string, cause?: unknown): PackageError {
    return new PackageError(504, `Timed out fetching ${what} from the upstream.`, { cause: asCause(cause) });
  }
  /** The archive holds an entry the CDN refuses to store (path traversal, absolute path, link outside, device file). */
  static unsafeArchive(name: string, detail: string): PackageError {
    return new PackageError(403, `Refused to store ${name}: the archive contains ${detail}.`);
  }
}

/** Version information of a package, as the data API and the website need it. */
export interface PackageVersions extends PackageRef {
  /** Dist-tags (npm) or `{ latest }` (gh); newest first in `versions`. */
  tags: Record<string, string>;
  /** `tarball`: the registry's download address of the version (npm), as its package document gives it. */
  versions: Array<{ version: string; deprecated?: boolean; time?: string; tarball?: string }>;
  stale: boolean;
}

export interface PackageStore {
  /** Resolve a requested version ('' = latest) to an exact one. Throws PackageError. */
  resolve(ref: PackageRef, requested: string): Promise<ResolvedVersion>;
  /** Versions and tags of a package. Throws PackageError. */
  versions(ref: PackageRef): Promise<PackageVersions>;
  /** Every file of an exact version; fetches and extracts it once (coalesced) on first use. Throws PackageError. */
  listing(ref: PackageRef, version: string): Promise<VersionListing>;
  /**
   * One file of an exact version, or null when the version has no such file. Throws PackageError. With
   * `early`, a file of a never-seen version may come before the version is extracted, marked `pending`: only
   * for an answer that can be cut short until then, never for anything built or kept from it.
   */
  file(ref: PackageRef, version: string, path: string, options?: { early?: boolean }): Promise<StoredFile | null>;
  /**
   * Starts loading the version `requested` names, when it names an exact npm version whose files the caller
   * is about to ask for, alongside its resolution: a never-seen version's tarball is then asked for at the
   * same time as its document. Does nothing for a version in memory, or anything else; never throws (the
   * caller meets any failure again when it asks).
   */
  prefetch(ref: PackageRef, requested: string): void;
  /**
   * Whether an exact version's files are already here (in memory or on this machine's disk), so that
   * serving them needs no download; false when they are not, or when that cannot be told.
   */
  cached(ref: PackageRef, version: string): Promise<boolean>;
  /**
   * The version's package.json (npm) parsed, or null for repositories without one. An npm version over its
   * size limit answers the registry's document of the version instead (its files stay refused).
   */
  manifest(ref: PackageRef, version: string): Promise<Record<string, unknown> | null>;
  /** Forget what is cached for tags and ranges of a package (purge); exact versions stay. */
  expire(ref: PackageRef): Promise<void>;
  /**
   * A file this store gave out (a `StoredFile`'s `diskPath`) is gone from disk: the disk budget took it after
   * it was looked up. What this process holds in memory that names it is dropped, so that the next lookup
   * reads the disk, or the upstream, again.
   */
  vanished(diskPath: string): Promise<void>;
}
