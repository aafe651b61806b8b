/**
 * Version shortening for links: the install block's aliases and the collection's major-only
 * option. Versions that are not plain `major.minor.patch` (tags, ranges, commits) are kept
 * as they are, since there is nothing to shorten safely.
 */
import type { VersionAlias } from './types';

const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:[-+].*)?$/;

interface SemverParts {
  major: string;
  minor: string;
}

function semverParts(version: string): SemverParts | null {
  const match = SEMVER.exec(version);
  if (!match) return null;
  return { major: match[1] ?? '', minor: match[2] ?? '' };
}

/** Whether `version` names one release (`3.7.1`, `4.0.0-beta.2`), not a range, a tag or a commit. */
export function isExactVersion(version: string): boolean {
  return /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(version);
}

/**
 * The version part of a link for an alias; `null` means the link names no version at all
 * (`/npm/name/file`, the latest release).
 */
export function aliasVersion(version: string, alias: VersionAlias): string | null {
  if (alias === 'none') return null;
  if (alias === 'exact') return version;
  const parts = semverParts(version);
  if (!parts) return version;
  return alias === 'minor' ? `${parts.major}.${parts.minor}` : parts.major;
}

/** The major alone when it is above 0 (`3.7.1` -> `3`); 0.x versions keep all three parts, as any 0.x minor may break. */
export function majorOnlyVersion(version: string): string {
  const parts = semverParts(version);
  if (!parts || parts.major === '0') return version;
  return parts.major;
}
