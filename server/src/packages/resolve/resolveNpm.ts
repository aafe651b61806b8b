/**
 * npm version resolution: an exact version, a dist-tag, a semver range, or nothing (= the `latest` tag).
 * Results are memoised per document object, so the hot path of a popular range is one map lookup; a new
 * document (refresh, purge) starts a new memo.
 */
import { LRUCache } from 'lru-cache';
import semver from 'semver';
import type { NpmDocument } from '../npm/npmDocument.ts';
import type { VersionKind } from '../types.ts';
import { type Candidate, parseRange, pickPreferredHighestFirst } from './pickVersion.ts';

export interface Resolution {
  version: string;
  kind: VersionKind;
}

const memo = new WeakMap<NpmDocument, LRUCache<string, { result: Resolution | null }>>();

function compute(doc: NpmDocument, requested: string): Resolution | null {
  if (requested === '' || requested === 'latest') {
    const tagged = doc.distTags['latest'];
    if (tagged) return { version: tagged, kind: 'alias' };
    const best = pickPreferredHighestFirst(candidates(doc, null));
    return best ? { version: best, kind: 'alias' } : null;
  }
  const exact = exactVersion(requested);
  if (exact) {
    // `1.2.3`, `v1.2.3` and `=1.2.3` all name one version.
    return doc.versions[exact] ? { version: exact, kind: 'version' } : null;
  }
  const tagged = doc.distTags[requested];
  if (tagged) return { version: tagged, kind: 'alias' };
  const range = parseRange(requested);
  if (!range) return null;
  const best = pickPreferredHighestFirst(candidates(doc, new semver.Range(range, { includePrerelease: true })));
  return best ? { version: best, kind: 'alias' } : null;
}

/** The document's versions a range allows (all without one), highest first, as they are asked for. */
function* candidates(doc: NpmDocument, range: semver.Range | null): Generator<Candidate> {
  const order = doc.order;
  for (let i = range ? belowUpperBound(order, range) : 0; i < order.length; i++) {
    const version = order[i]!;
    if (range && !range.test(version)) continue;
    yield { version, deprecated: Boolean(doc.versions[version]?.deprecated) };
  }
}

/**
 * Where the versions no higher than the range's upper bound start in `order` (highest first): those above it
 * cannot match, and are skipped by a binary search instead of tested one by one. `^1.0.0` in a package whose
 * thousands of versions are mostly above 1.x (or canaries of the next major) is then a few tests, not thousands.
 * A range is a union of sets of comparators, all of which a version must pass: a set's bound is its lowest
 * `<`, `<=` or `=` comparator; the union's is the highest of its sets', and a set without one has none.
 */
function belowUpperBound(order: readonly string[], range: semver.Range): number {
  let start = order.length;
  for (const comparators of range.set) {
    let bound: { version: semver.SemVer; inclusive: boolean } | null = null;
    for (const comparator of comparators) {
      const { operator } = comparator;
      // `semver` is semver's ANY symbol for `*`, not a version.
      if (!(comparator.semver instanceof semver.SemVer) || (operator !== '<' && operator !== '<=' && operator !== '' && operator !== '=')) continue;
      const inclusive = operator !== '<';
      const comparison = bound ? comparator.semver.compare(bound.version) : -1;
      if (comparison < 0 || (comparison === 0 && !inclusive)) bound = { version: comparator.semver, inclusive };
    }
    if (!bound) return 0;
    start = Math.min(start, firstAtOrBelow(order, bound.version, bound.inclusive));
  }
  return start;
}

/** The first index of `order` (highest first) whose version is below `bound` (or equal to it, when inclusive). */
function firstAtOrBelow(order: readonly string[], bound: semver.SemVer, inclusive: boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const comparison = semver.compare(order[middle]!, bound);
    if (comparison < 0 || (inclusive && comparison === 0)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The version a request means in this document, or null when nothing matches. */
export function resolveNpmVersion(doc: NpmDocument, requested: string): Resolution | null {
  let results = memo.get(doc);
  if (!results) {
    // Bounded: a crawler trying random ranges must not grow it forever.
    results = new LRUCache({ max: 1000 });
    memo.set(doc, results);
  }
  const known = results.get(requested);
  if (known) return known.result;
  const result = compute(doc, requested);
  results.set(requested, { result });
  return result;
}

/**
 * The exact version a request names (`1.2.3`, `v1.2.3`, `=1.2.3`), or null. The cheap test first: semver
 * reports a non-version by throwing inside, which costs more than the rest of a resolution.
 */
export function exactVersion(requested: string): string | null {
  return /^[v=]?\d+\.\d+\.\d+/.test(requested) ? semver.valid(requested) : null;
}
