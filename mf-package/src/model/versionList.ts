/**
 * How a package's versions are listed in the version dropdowns: releases newest first by semver, each
 * release's prereleases grouped under it and folded away until asked for (a package like react has
 * thousands of canaries), and a filter that matches version prefixes ("18" finds 18.x before anything
 * that merely contains 18).
 */
import type { DropdownItem } from '@skylift/shared/ui';

interface ParsedVersion {
  core: [number, number, number];
  prerelease: Array<string | number>;
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parse(version: string): ParsedVersion | null {
  const match = VERSION.exec(version.trim());
  if (!match) return null;
  const prerelease = match[4] ? match[4].split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [];
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], prerelease };
}

function compareCore(a: ParsedVersion, b: ParsedVersion): number {
  for (let i = 0; i < 3; i++) if (a.core[i] !== b.core[i]) return a.core[i]! - b.core[i]!;
  return 0;
}

/** A build date (YYYYMMDD) inside a prerelease name, as canaries and nightlies carry after their commit hash. */
function buildDate(version: string): string | null {
  return /(?:^|[-.])(20\d{2}[01]\d[0-3]\d)(?:$|[-.])/.exec(version.slice(version.indexOf('-') + 1))?.[1] ?? null;
}

function comparePrerelease(a: ParsedVersion, b: ParsedVersion, rawA: string, rawB: string): number {
  // Canaries named "<hash>-<date>" would sort by their hash: their build date orders them instead.
  const dateA = buildDate(rawA);
  const dateB = buildDate(rawB);
  if (dateA && dateB && dateA !== dateB) return dateA < dateB ? -1 : 1;
  const length = Math.max(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < length; i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export interface VersionGroup {
  /** major.minor.patch of the group; its release may not be published (only prereleases of it are). */
  release: string;
  published: boolean;
  /** Newest first. */
  prereleases: string[];
}

/**
 * The versions as groups, newest release first; versions that are not semver (rare, old packages) follow
 * as groups of their own in the order given.
 */
export function groupVersions(versions: readonly string[]): VersionGroup[] {
  const groups = new Map<string, { parsed: ParsedVersion; group: VersionGroup; pre: Array<{ raw: string; parsed: ParsedVersion }> }>();
  const others: VersionGroup[] = [];
  for (const version of versions) {
    const parsed = parse(version);
    if (!parsed) {
      others.push({ release: version, published: true, prereleases: [] });
      continue;
    }
    const key = parsed.core.join('.');
    let entry = groups.get(key);
    if (!entry) {
      entry = { parsed: { core: parsed.core, prerelease: [] }, group: { release: key, published: false, prereleases: [] }, pre: [] };
      groups.set(key, entry);
    }
    if (parsed.prerelease.length === 0) {
      entry.group.published = true;
      entry.group.release = version;
    } else entry.pre.push({ raw: version, parsed });
  }
  const sorted = [...groups.values()].sort((a, b) => compareCore(b.parsed, a.parsed));
  for (const entry of sorted) entry.group.prereleases = entry.pre.sort((a, b) => comparePrerelease(b.parsed, a.parsed, b.raw, a.raw)).map((item) => item.raw);
  return [...sorted.map((entry) => entry.group), ...others];
}

/** All versions in display order: each release followed by its prereleases. */
export function sortVersions(versions: readonly string[]): string[] {
  return groupVersions(versions).flatMap((group) => (group.published ? [group.release, ...group.prereleases] : group.prereleases));
}

/**
 * Whether `version` starts with the query at a part boundary: "18" matches 18.2.0 (not 180.0.0),
 * "18.2" matches 18.2.x, "1.0.0-be" matches 1.0.0-beta.1. A leading "v" is ignored.
 */
export function matchesVersionPrefix(version: string, query: string): boolean {
  const text = query
    .trim()
    .replace(/^v(?=\d)/i, '')
    .toLowerCase();
  const candidate = version.toLowerCase();
  if (text === '' || !candidate.startsWith(text)) return false;
  const next = candidate[text.length];
  return next === undefined || !/\d$/.test(text) || /[.\-+]/.test(next);
}

function containsWords(version: string, query: string): boolean {
  const candidate = version.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => candidate.includes(word));
}

/** A query that names a prerelease (letters or a hyphen) shows matching prereleases without unfolding. */
function asksForPrereleases(query: string): boolean {
  return /[a-z-]/i.test(query.replace(/^\s*v(?=\d)/i, ''));
}

export const prereleaseAction = (release: string): string => `prereleases:${release}`;

export interface VersionItemsOptions {
  /** Releases whose prereleases the visitor unfolded. */
  expanded: ReadonlySet<string>;
  /** Turns a version into the dropdown's value (the install block prefixes its values). */
  toValue?: (version: string) => string;
}

/**
 * The dropdown entries for a filter text: prefix matches first, then versions that only contain the text;
 * under each release an entry to show or hide its prereleases.
 */
export function versionItems<V extends string = string>(groups: readonly VersionGroup[], query: string, options: VersionItemsOptions): DropdownItem<V>[] {
  const toValue = (options.toValue ?? ((version: string) => version)) as (version: string) => V;
  const trimmed = query.trim();
  const unfoldAll = trimmed !== '' && asksForPrereleases(trimmed);
  const passes: Array<(version: string) => boolean> =
    trimmed === ''
      ? [() => true]
      : [(version) => matchesVersionPrefix(version, trimmed), (version) => !matchesVersionPrefix(version, trimmed) && containsWords(version, trimmed)];
  const items: DropdownItem<V>[] = [];
  for (const matches of passes) {
    for (const group of groups) {
      if (group.published && matches(group.release)) items.push({ value: toValue(group.release), label: group.release });
      const prereleases = group.prereleases.filter(matches);
      if (prereleases.length === 0) continue;
      const open = unfoldAll || options.expanded.has(group.release);
      if (!unfoldAll) {
        const count = prereleases.length;
        const label = open ? `Hide prereleases of ${group.release}` : `Show ${count} prerelease${count === 1 ? '' : 's'} of ${group.release}`;
        items.push({ action: prereleaseAction(group.release), label });
      }
      if (open) for (const version of prereleases) items.push({ value: toValue(version), label: version });
    }
  }
  return items;
}

/** The release a prerelease belongs to ("19.3.0" for 19.3.0-canary-1), or null for a release. */
export function releaseOf(version: string): string | null {
  const parsed = parse(version);
  return parsed && parsed.prerelease.length > 0 ? parsed.core.join('.') : null;
}
