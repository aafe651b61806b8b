/**
 * The candidates a query ranks when not every match need be: the packages a narrow filter keeps, the best
 * live name matches with the few higher tiers when they alone decide the page (`decidedByNames`), or the
 * matches among the popular packages (`popularCandidates`). Each is found in memory (names, words, facet
 * sets) without reading every match from the full-text index.
 */
import { FACET_ATTRIBUTES, facetValue, type FacetFilterGroups } from '../facets.ts';
import { popularThreshold } from '../fullTextUpkeep.ts';
import type { SearchRecord } from '../record.ts';
import type { WordAlternatives } from '../text.ts';
import type { QueryContext } from './context.ts';
import { nameTestable, textMatches, type NameProbe } from './wordTests.ts';

/**
 * A one-word query whose names hold at most this many entries reads them in order (sorted); past it the
 * walk through every live package finds the best names, in a few thousand steps since they are many.
 */
const NAME_SORT_LIMIT = 30_000;

/** A query of several words reads every name holding its rarest word, when they are at most this many. */
const NAME_DRIVER_LIMIT = 20_000;

/**
 * Another word's names narrow those of a query's rarest word in typed arrays when they are at most this
 * many (a two-letter prefix can have more); past it each remaining name is tested instead.
 */
const NAME_MARK_LIMIT = 1_000_000;

/** The walk through every live package, best first, gives up (and every match is ranked) past this many. */
export const NAME_WALK_LIMIT = 400_000;

/** A group of filters letting at most this many packages through makes them the candidates (their records are read). */
const FILTER_UNIVERSE_LIMIT = 1_000;

/**
 * The packages a group of filters that only names values (no negation) lets through, sorted, when they
 * are few (an owner, a rare keyword): then they, not the full-text matches, are the candidates.
 */
export function filterUniverse(ctx: QueryContext, groups: FacetFilterGroups): number[] | null {
  let best: number[] | null = null;
  for (const group of groups) {
    if (group.length === 0 || group.some((filter) => filter.negated || !Object.hasOwn(FACET_ATTRIBUTES, filter.attribute))) continue;
    const sets = group.map((filter) => ctx.memory.facetSet(filter.attribute, facetValue(filter.value)));
    if (sets.reduce((sum, set) => sum + set.size, 0) > FILTER_UNIVERSE_LIMIT) continue;
    const ids = [...new Set(sets.flatMap((set) => [...set]))].sort((a, b) => a - b);
    if (!best || ids.length < best.length) best = ids;
  }
  return best;
}

/** Those of `ids` whose records match the words as the full-text index would (ascending ids). */
export function matchingIn(ctx: QueryContext, ids: readonly number[], slots: readonly string[][]): number[] {
  if (ids.length === 0) return [];
  const rows = ctx.shapes
    .cached<number[], { id: number; record: string }>(`SELECT id, record FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`)
    .all(...ids);
  return rows
    .filter((row) => textMatches(JSON.parse(row.record) as SearchRecord, slots))
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/**
 * Without typo corrections in play, a match with every word in its name and not deprecated outranks every
 * other kind of match but the exact name (tiers: not deprecated, then words in the name); with them, only
 * the matches as typed and the corrected names come before. So when at least `wanted` such live name
 * matches pass the filters, they (the best `wanted` of them, by whole words then goodness) and those few
 * higher tiers alone decide the page and the re-ranked pool, in the same order as over all matches.
 * They are found in the names in memory (`NameIndex`) without reading the full-text index: for one word,
 * every name holding it when they are few, else the names holding it as a whole word, then the walk
 * through every live package best first until enough names start with it; for several words, the names
 * holding the rarest. Returns the candidates (ascending ids, as the full-text index gives them) and how
 * many of them are live name matches passing the filters; null when the full ranking must run.
 * A one-letter last word is left out (the name test takes it as a prefix, the full-text match as a
 * word), as are words the full-text tokenizer might fold (not plain ASCII letters and digits).
 */
export function decidedByNames(
  ctx: QueryContext,
  words: readonly WordAlternatives[],
  exactNames: readonly string[],
  typoFreeIds: ReadonlySet<number> | null,
  wanted: number,
  passes: (id: number) => boolean,
  probe: NameProbe,
): { ids: number[]; matching: number } | null {
  const slots = nameTestable(words, typoFreeIds);
  if (!slots) return null;
  const names = ctx.memory.names();
  const last = slots.length - 1;
  const accept = (id: number): boolean => {
    const keys = ctx.memory.keysOf(id);
    return keys !== undefined && !keys.deprecated && probe.inName(keys.nameIndex) && passes(id);
  };
  const found = new Set<number>();
  // Packages changed since the names were gathered are looked at one by one.
  for (const id of names.stale) if (accept(id)) found.add(id);
  const ranges = slots.map((spellings, at) => spellings.map((spelling) => names.range(spelling, at === last)));
  const volumes = ranges.map((list) => list.reduce((sum, range) => sum + names.volume(range), 0));
  if (slots.length > 1) {
    // Goodness there depends on the query's word count, so every name holding every word is ranked:
    // those holding the rarest, narrowed by the other words' lists that are not much longer (sorted
    // lists of positions merged; a longer list is left to the name test of each remaining package).
    if (Math.min(...volumes) > NAME_DRIVER_LIMIT) return null;
    const candidates = names.holdingEvery(ranges, NAME_MARK_LIMIT);
    // Too few names hold every word for them to decide the page: every match is ranked.
    if (found.size + candidates.length < wanted) return null;
    names.visitPositions(candidates, (id) => {
      if (!found.has(id) && accept(id)) found.add(id);
    });
  } else {
    // Names holding the word whole come first, each word's list best first: the best `wanted` of each.
    const wholes = new Set<number>();
    for (const spelling of slots[0]!) {
      let taken = 0;
      names.visit([names.range(spelling, false)], (id) => {
        if (!accept(id)) return false;
        wholes.add(id);
        found.add(id);
        return ++taken >= wanted;
      });
    }
    if (wholes.size < wanted) {
      // Then names merely starting with it, best first, until enough are found: in the sorted entries
      // of its words when they are not too many, else in the walk through every live package.
      const needed = wanted - wholes.size;
      let taken = 0;
      const take = (id: number): boolean => {
        if (wholes.has(id) || !accept(id)) return false;
        found.add(id);
        return ++taken >= needed;
      };
      if (volumes[0]! <= NAME_SORT_LIMIT) names.visit(ranges[0]!, take);
      else if (names.walk(take, NAME_WALK_LIMIT) === 'limit') return null;
    }
  }
  if (found.size < wanted) return null;
  const matching = found.size;
  addHigherTiers(ctx, found, exactNames, typoFreeIds, probe, slots);
  return { ids: [...found].sort((a, b) => a - b), matching };
}

/** Adds the tiers above every other match: the exact (or corrected) name when it matches, and in typo mode the matches as typed. */
function addHigherTiers(
  ctx: QueryContext,
  found: Set<number>,
  exactNames: readonly string[],
  typoFreeIds: ReadonlySet<number> | null,
  probe: NameProbe,
  slots: readonly string[][],
): void {
  for (const id of typoFreeIds ?? []) found.add(id);
  const named = ctx.shapes
    .cached<string[], { id: number; record: string }>(`SELECT id, record FROM packages WHERE name_norm IN (${exactNames.map(() => '?').join(',')})`)
    .all(...exactNames);
  for (const row of named) {
    if (found.has(row.id)) continue;
    const keys = ctx.memory.keysOf(row.id);
    if (keys && (probe.inName(keys.nameIndex) || textMatches(JSON.parse(row.record) as SearchRecord, slots))) found.add(row.id);
  }
}

/**
 * The candidates of a query with common words (thousands of matches), read from the popular packages'
 * full-text table instead of the whole index: the matches there, every live name holding every word
 * (from the names in memory; they outrank any match in the text alone) and the higher tiers. A match
 * left out is then a less popular package matching in its text alone; `rank` keeps these candidates
 * only when the rows it needs all rank above the best such a package could be, else it ranks every match.
 * Null when the index has no popular table, or when the names holding the words are too many to list; the
 * same conditions on the words as `decidedByNames`. `threshold`: every package at least this popular is in
 * the table.
 */
export function popularCandidates(
  ctx: QueryContext,
  words: readonly WordAlternatives[],
  exactNames: readonly string[],
  typoFreeIds: ReadonlySet<number> | null,
  passes: (id: number) => boolean,
  probe: NameProbe,
): { ids: number[]; threshold: number } | null {
  const slots = nameTestable(words, typoFreeIds);
  if (!slots) return null;
  const last = words.length - 1;
  const popular = ctx.memory.popularText();
  if (!popular) return null;
  const threshold = popularThreshold(popular.fill)!;
  const names = ctx.memory.names();
  const ranges = slots.map((spellings, at) => spellings.map((spelling) => names.range(spelling, at === last)));
  const volumes = ranges.map((list) => list.reduce((sum, range) => sum + names.volume(range), 0));
  if (Math.min(...volumes) > NAME_DRIVER_LIMIT) return null;
  const found = new Set<number>();
  const accept = (id: number): void => {
    const keys = ctx.memory.keysOf(id);
    if (keys !== undefined && !keys.deprecated && probe.inName(keys.nameIndex) && passes(id)) found.add(id);
  };
  for (const id of names.stale) accept(id);
  names.visitPositions(names.holdingEvery(ranges, NAME_MARK_LIMIT), accept);
  for (const id of popular.text.matching(slots)) found.add(id);
  addHigherTiers(ctx, found, exactNames, typoFreeIds, probe, slots);
  return { ids: [...found].sort((a, b) => a - b), threshold };
}
