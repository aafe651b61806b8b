/**
 * GitHub ref resolution over what is known of a repository (default branch, tags). Pure: finding a branch
 * needs the API and is done by the caller when this answers `branch-or-missing`.
 *
 * Order: `latest`/none (highest semver tag, else the default branch), an exact tag (a leading `v` ignored),
 * a full commit hash, a semver range over the tags, then a branch.
 */
import { LRUCache } from 'lru-cache';
import semver from 'semver';
import type { VersionKind } from '../types.ts';
import { parseRange, pickPreferred, satisfies } from './pickVersion.ts';

export interface RepoTag {
  name: string;
  sha: string;
}

export interface RepoDocument {
  defaultBranch: string;
  tags: RepoTag[];
}

export type GitHubResolution = { found: true; version: string; kind: VersionKind; sha?: string } | { found: false; branch: string };

export const COMMIT_RE = /^[0-9a-f]{40}$/i;

/** A tag's version: its name without a leading `v` (`v1.2.0` -> `1.2.0`). */
export function tagVersion(name: string): string {
  return /^v\d/.test(name) ? name.slice(1) : name;
}

/** The tag a version names: exact name first, then with or without the leading `v`. */
export function findTag(doc: RepoDocument, version: string): RepoTag | undefined {
  return doc.tags.find((t) => t.name === version) ?? doc.tags.find((t) => tagVersion(t.name) === tagVersion(version));
}

function semverTags(doc: RepoDocument): string[] {
  const out: string[] = [];
  for (const tag of doc.tags) {
    const version = tagVersion(tag.name);
    if (semver.valid(version) === version) out.push(version);
  }
  return out;
}

export function highestTag(doc: RepoDocument): string | null {
  return pickPreferred(semverTags(doc).map((version) => ({ version })));
}

const memo = new WeakMap<RepoDocument, LRUCache<string, GitHubResolution>>();

/** Memoised per document object, like npm resolution: a refreshed document starts a new memo. */
export function resolveGitHubRef(doc: RepoDocument, requested: string): GitHubResolution {
  let results = memo.get(doc);
  if (!results) {
    // Bounded: a crawler trying random refs must not grow it forever.
    results = new LRUCache({ max: 1000 });
    memo.set(doc, results);
  }
  let result = results.get(requested);
  if (!result) {
    result = computeRef(doc, requested);
    results.set(requested, result);
  }
  return result;
}

function computeRef(doc: RepoDocument, requested: string): GitHubResolution {
  if (requested === '' || requested === 'latest') {
    const highest = highestTag(doc);
    if (highest) return { found: true, version: highest, kind: 'alias', sha: findTag(doc, highest)!.sha };
    return { found: false, branch: doc.defaultBranch };
  }
  const tag = findTag(doc, requested);
  if (tag) return { found: true, version: tagVersion(tag.name), kind: 'version', sha: tag.sha };
  if (COMMIT_RE.test(requested)) return { found: true, version: requested.toLowerCase(), kind: 'commit', sha: requested.toLowerCase() };
  const range = parseRange(requested);
  if (range) {
    const best = pickPreferred(
      semverTags(doc)
        .filter((v) => satisfies(v, range))
        .map((version) => ({ version })),
    );
    if (best) return { found: true, version: best, kind: 'alias', sha: findTag(doc, best)!.sha };
  }
  return { found: false, branch: requested };
}

/** Tags as versions, semver ones highest first, then the others in GitHub's order. */
export function repoVersions(doc: RepoDocument): string[] {
  const sv = semverTags(doc).sort(semver.rcompare);
  const others = doc.tags.map((t) => tagVersion(t.name)).filter((v) => semver.valid(v) !== v);
  return [...sv, ...others];
}
