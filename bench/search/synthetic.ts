/**
 * Synthetic package records for index sizes past the shipped catalog: names of two or three words and
 * descriptions drawn from the words of the real catalog's names and descriptions, owners, keywords, module
 * and style types, and downloads falling off with rank as npm's do. Deterministic (a seeded generator), so
 * every run builds the same index.
 */
import type { ModuleType, SearchRecord, StyleType } from '../../server/src/search/record.ts';
import { tokenize } from '../../server/src/search/text.ts';

/** mulberry32: small, fast and good enough to pick words. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODULE_TYPES: ModuleType[][] = [['cjs'], ['esm'], ['esm', 'cjs'], ['none'], ['unknown']];
const STYLE_TYPES: StyleType[][] = [['none'], ['none'], ['none'], ['none'], ['css'], ['scss'], ['less']];

/** Yields `count` records whose names differ from each other and from `taken` (the real packages). */
export function* syntheticRecords(real: readonly SearchRecord[], count: number, seed = 1): Generator<SearchRecord> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const nameWords = [...new Set(real.flatMap((record) => tokenize(record.name)).filter((word) => word.length >= 2 && !/^\d+$/.test(word)))];
  const descriptionWords = real.flatMap((record) => tokenize(record.description)).filter((word) => word.length >= 2);
  const owners = Array.from({ length: 50_000 }, (_, i) => `${pick(nameWords)}${i.toString(36)}`);
  const taken = new Set(real.map((record) => record.name));
  for (let i = 0; i < count; i++) {
    let name: string;
    do {
      const words = Array.from({ length: next() < 0.6 ? 2 : 3 }, () => pick(nameWords)).join('-');
      name = next() < 0.15 ? `@${pick(owners)}/${words}` : words;
    } while (taken.has(name));
    taken.add(name);
    const owner = pick(owners);
    // Rank-size: a few packages with millions of downloads, most with a handful.
    const downloads = Math.floor((5e7 / (1 + i) ** 1.1) * next());
    yield {
      objectID: name,
      name,
      description: Array.from({ length: 4 + Math.floor(next() * 10) }, () => pick(descriptionWords)).join(' '),
      version: `${Math.floor(next() * 5)}.${Math.floor(next() * 20)}.${Math.floor(next() * 10)}`,
      license: next() < 0.8 ? 'MIT' : 'ISC',
      homepage: null,
      keywords: Array.from({ length: Math.floor(next() * 5) }, () => pick(nameWords)),
      owner: { name: owner, avatar: '', link: '' },
      githubRepo: next() < 0.7 ? { user: owner, project: name.replace(/^@[^/]+\//, '') } : null,
      deprecated: next() < 0.03 ? 'no longer maintained' : false,
      popular: false,
      moduleTypes: pick(MODULE_TYPES),
      styleTypes: pick(STYLE_TYPES),
      jsDelivrHits: 0,
      downloads,
    };
  }
}
