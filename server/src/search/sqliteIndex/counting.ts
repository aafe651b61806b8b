/**
 * How many packages a query's words match: counted when that reads few entries, else estimated from the
 * words' package counts (`nbHits` with `exhaustive: false`, as Algolia does); and how many hold one word,
 * for BM25's document frequency.
 */
import { FACET_ATTRIBUTES, facetValue, type FacetFilterGroups } from '../facets.ts';
import type { TextIndex } from '../textIndex.ts';
import { MIN_PREFIX_LENGTH, matchExpression, type WordAlternatives } from '../text.ts';
import type { QueryContext } from './context.ts';

/**
 * Matches are counted exactly when the query's words hold at most this many (word, package) entries: in the
 * full-text index (a few milliseconds of reading), or in the words in memory when the query is plain words
 * (a tenth of a millisecond; with filters, each match is tested; `QueryContext.exactCountVolume`, by default
 * EXACT_COUNT_VOLUME_IN_MEMORY). Past it `nbHits` is estimated from the words' package counts, and `exhaustive` is false.
 */
const EXACT_COUNT_VOLUME = 2_000;
export const EXACT_COUNT_VOLUME_IN_MEMORY = 20_000;

export interface MatchCount {
  count: number;
  unfiltered: number;
  exact: boolean;
}

/**
 * How many packages match the words and pass the filters: counted when that reads few entries (in the
 * words in memory, `text`, when the query is plain words; else in the full-text index), else estimated
 * from the words' package counts and the share of packages the filters keep, never below the `known`
 * matches already found.
 */
export function matchCount(
  ctx: QueryContext,
  words: readonly WordAlternatives[],
  groups: FacetFilterGroups,
  passes: (id: number) => boolean,
  known: number,
  text: TextIndex | null,
): MatchCount {
  const last = words.length - 1;
  const frequencies = words.map((entry, at) => wordVolume(ctx, entry, at === last));
  const volume = frequencies.reduce((sum, n) => sum + n, 0);
  if (volume <= (text ? ctx.exactCountVolume : EXACT_COUNT_VOLUME)) {
    const ids = text
      ? text.matching(
          words.map(({ word, corrections }) => [word, ...corrections]),
          false,
        )
      : ctx.shapes.cached<[string], number>('SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?').pluck().all(matchExpression(words));
    return { count: countPassing(ids, passes, groups), unfiltered: ids.length, exact: true };
  }
  const documents = ctx.memory.keyCount ?? ctx.count();
  const indexed = ctx.memory.text().documents;
  const shares = frequencies.map((n) => Math.min(1, n / Math.max(1, indexed)));
  // Words of one query go together more often than chance would have it (eslint plugin): halfway, in
  // logarithms, between independent words and the rarest word's count alone.
  const independent = shares.reduce((product, share) => product * share, 1);
  const share = Math.sqrt(independent * Math.min(...shares));
  const unfiltered = Math.max(known, Math.round(documents * share));
  return { count: Math.max(known, Math.round(unfiltered * filterShare(ctx, groups, documents))), unfiltered, exact: false };
}

/** The share of packages the filters keep, taking the groups as independent. */
function filterShare(ctx: QueryContext, groups: FacetFilterGroups, documents: number): number {
  let share = 1;
  for (const group of groups) {
    if (group.length === 0) continue;
    let kept = 0;
    for (const filter of group) {
      const size = Object.hasOwn(FACET_ATTRIBUTES, filter.attribute) ? ctx.memory.facetSet(filter.attribute, facetValue(filter.value)).size : 0;
      const fraction = Math.min(1, size / Math.max(1, documents));
      kept += filter.negated ? 1 - fraction : fraction;
    }
    share *= Math.min(1, kept);
  }
  return share;
}

/**
 * The full-text entries of one query word, its corrections included (the last word as a prefix): the
 * packages holding it, summed over its spellings (and, for a prefix, over the words it starts).
 */
export function wordVolume(ctx: QueryContext, { word, corrections }: WordAlternatives, prefix: boolean): number {
  const text = ctx.memory.text();
  return [word, ...corrections].reduce((sum, spelling) => sum + text.frequency(spelling, prefix && spelling.length >= MIN_PREFIX_LENGTH), 0);
}

/** How many packages hold one query word: counted when few, else from the word statistics. */
export function documentFrequency(ctx: QueryContext, entry: WordAlternatives, prefix: boolean): number {
  const estimate = wordVolume(ctx, entry, prefix);
  if (estimate > EXACT_COUNT_VOLUME) {
    const documents = ctx.memory.keyCount ?? ctx.count();
    return Math.min(documents, Math.round((estimate * documents) / Math.max(1, ctx.memory.text().documents)));
  }
  return ctx.shapes
    .cached<[string], { n: number }>('SELECT count(*) AS n FROM packages_fts WHERE packages_fts MATCH ?')
    .get(matchExpression([entry], undefined, prefix))!.n;
}

/** How many of the matches pass the filters (all of them without filters). */
export function countPassing(ids: readonly number[], passes: (id: number) => boolean, groups: FacetFilterGroups): number {
  if (groups.every((group) => group.length === 0)) return ids.length;
  let count = 0;
  for (const id of ids) if (passes(id)) count++;
  return count;
}
