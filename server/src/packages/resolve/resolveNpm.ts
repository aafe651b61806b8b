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
  for (const version of doc.order) {
    if (range && !range.test(version)) continue;
    yield { version, deprecated: Boolean(doc.versions[version]?.deprecated) };
  }
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
