/**
 * A search: the words as typed, then, with too few hits, again with typo corrections; each pass ranks its
 * candidates in two stages (tiers and popularity from memory, then BM25 over the best few).
 */
import type { FacetFilterGroups } from '../facets.ts';
import type { RankKeys } from '../rankKeys.ts';
import { normalizeName } from '../record.ts';
import { matchExpression, wordsOf, type WordAlternatives } from '../text.ts';
import { deletionKeys, editDistance, MIN_TYPO_WORD_LENGTH } from '../typos.ts';
import { browse } from './browse.ts';
import { decidedByNames, filterUniverse, matchingIn, popularCandidates } from './candidates.ts';
import type { QueryContext } from './context.ts';
import { countPassing, matchCount, wordVolume, type MatchCount } from './counting.ts';
import { facetPredicate, filterClause } from './filters.ts';
import { compareRanked, EXTRA_NAME_WORD_PENALTY, flag, pack, POPULARITY_WEIGHT, POSITIONS, type Ranked } from './order.ts';
import { recordsOf } from './records.ts';
import { relevanceOf } from './scoring.ts';
import type { SearchParams, SearchResult } from './types.ts';
import { nameProbe, plainWords } from './wordTests.ts';

/**
 * How many of the best candidates (by tiers and popularity) are re-ranked with bm25: five pages of the
 * website, ten of the compact search. Beyond it the order is by tiers and popularity alone, which is what decides those places anyway.
 */
const RERANK_POOL = 50;

/**
 * A query of plain words holding at most this many entries in all has every match read first from the words
 * in memory (under a millisecond); a query with more, or with more than RANK_EVERY_LIMIT matches, tries the
 * popular packages first (`popularCandidates`): ranking each match costs about a microsecond.
 */
const MATCH_FIRST_VOLUME = 100_000;
const RANK_EVERY_LIMIT = 2_000;

/** Fewer exact results than this and the query is run again with typo corrections. */
const TYPO_THRESHOLD = 5;

/** Spellings within one typo of `word` that occur in some package name. */
export function corrections(ctx: QueryContext, word: string): string[] {
  if (word.length < MIN_TYPO_WORD_LENGTH) return [];
  const keys = deletionKeys(word);
  const rows = ctx.shapes
    .cached<string[], { word: string }>(`SELECT DISTINCT word FROM typo_keys WHERE key IN (${keys.map(() => '?').join(',')})`)
    .all(...keys);
  return rows.map((row) => row.word).filter((candidate) => candidate !== word && editDistance(word, candidate, 1) <= 1);
}

/** One search, read in one snapshot of the index (the popular table and its threshold agree, say). */
export function search(ctx: QueryContext, params: SearchParams): SearchResult {
  return ctx.db.transaction(() => searchSnapshot(ctx, params))();
}

function searchSnapshot(ctx: QueryContext, params: SearchParams): SearchResult {
  const words = wordsOf(params.query);
  if (words.length === 0) return browse(ctx, filterClause(params.facetFilters), params);

  const exact = words.map((word): WordAlternatives => ({ word, corrections: [] }));
  const { everyMatch, ...first } = rank(ctx, exact, [normalizeName(params.query)], false, params.facetFilters, params);
  if (first.nbHits >= TYPO_THRESHOLD) return first;

  const corrected = words.map((word): WordAlternatives => ({ word, corrections: corrections(ctx, word) }));
  if (corrected.every((entry) => entry.corrections.length === 0)) return first;
  // A name equal to the query with its typos corrected ranks first, as the exact name would.
  const exactNames = new Set([normalizeName(params.query)]);
  for (const [index, entry] of corrected.entries()) {
    for (const correction of entry.corrections) {
      exactNames.add(normalizeName(words.map((word, at) => (at === index ? correction : word)).join('')));
    }
  }
  // The matches as typed are those the first pass ranked, when it read them all.
  const { everyMatch: _, ...result } = rank(ctx, corrected, [...exactNames], true, params.facetFilters, params, everyMatch);
  return result;
}

/** A page of results, with every match of the words when they were all read from the full-text index (before filters). */
interface RankedPage extends SearchResult {
  everyMatch: number[] | undefined;
}

/**
 * Words present. The full-text index finds the matches; the order is: the exact name, then (with typo
 * corrections in play) what matches as typed before what needs a correction, and among the latter a name
 * equal to the corrected query, the more used first (recat: react, recast); then not deprecated; then all
 * words in the name; whole words before mere prefixes (react: react-dom before reactstrap); then text
 * relevance (BM25) blended with popularity, a name longer than the query costing a little. Stage one orders
 * the candidates (every match, the packages a narrow filter keeps, or the few that decidedByNames shows to
 * decide the page) by the cheap keys from memory; stage two re-ranks the best RERANK_POOL with BM25.
 */
function rank(
  ctx: QueryContext,
  words: readonly WordAlternatives[],
  exactNames: readonly string[],
  typoMode: boolean,
  groups: FacetFilterGroups,
  params: SearchParams,
  matchesAsTyped?: readonly number[],
): RankedPage {
  const { memory } = ctx;
  memory.refresh();
  const [literal, ...corrected] = exactNames;
  const correctedNames = new Set(corrected);
  const matchIds = ctx.shapes.cached<[string], number>('SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?').pluck();
  const passes = facetPredicate(memory, groups);
  const typed = nameProbe(words.map(({ word }) => [word]));
  const withCorrections = nameProbe(words.map(({ word, corrections }) => [word, ...corrections]));
  const slots = words.map(({ word, corrections }) => [word, ...corrections]);
  // Plain ASCII words are found in the words in memory, which fold as the full-text tokenizer does for them.
  const text = plainWords(slots) ? memory.text() : null;
  const matchesOf = (alternatives: readonly WordAlternatives[]): number[] =>
    text ? text.matching(alternatives.map(({ word, corrections }) => [word, ...corrections])) : matchIds.all(matchExpression(alternatives));
  // A filter keeping few packages: they are the candidates, tested against the words one by one.
  const universe = text ? filterUniverse(ctx, groups) : null;
  const inUniverse = universe ? matchingIn(ctx, universe, slots) : null;
  const typoFreeIds = !typoMode
    ? null
    : inUniverse
      ? new Set(
          matchingIn(
            ctx,
            inUniverse,
            words.map(({ word }) => [word]),
          ),
        )
      : new Set(matchesAsTyped ?? matchesOf(words.map(({ word }) => ({ word, corrections: [] }))));

  const offset = params.page * params.hitsPerPage;
  const wanted = Math.max(offset + params.hitsPerPage, RERANK_POOL);

  // Stage one, over the candidates: tiers and popularity packed into one sortable number per row. Plain
  // arrays and no object per row: this loop runs for thousands of matches of a two-letter prefix.
  const stageOne = (ids: readonly number[]) => {
    const packed = new Float64Array(ids.length);
    const rowKeys: RankKeys[] = [];
    const rowTiers = new Int32Array(ids.length);
    const rowGoodness = new Float64Array(ids.length);
    const rowCorrected = new Uint8Array(ids.length);
    let count = 0;
    for (const id of ids) {
      if (!passes(id)) continue;
      const keys = memory.keysOf(id);
      if (!keys) continue;
      const typoFree = typoFreeIds === null || typoFreeIds.has(id);
      // Name tiers judge a row by the spelling that made it match: as typed, or as corrected.
      const probe = typoFree ? typed : withCorrections;
      const nameTier = probe.inName(keys.nameIndex);
      const correctedOnly = !typoFree && correctedNames.has(keys.nameNorm);
      const tiers =
        (flag(keys.nameNorm === literal) << 5) |
        (flag(typoFree) << 4) |
        (flag(correctedOnly) << 3) |
        (flag(!keys.deprecated) << 2) |
        (flag(nameTier) << 1) |
        flag(nameTier && probe.wholeInName(keys.nameIndex));
      // A name equal to the corrected query: the more used, the likelier meant (recat: react before recast).
      const goodness = correctedOnly
        ? keys.popularity
        : POPULARITY_WEIGHT * keys.popularity - EXTRA_NAME_WORD_PENALTY * Math.max(0, keys.nameWords - words.length);
      packed[count] = pack(tiers, goodness, count);
      rowKeys[count] = keys;
      rowTiers[count] = tiers;
      rowGoodness[count] = goodness;
      rowCorrected[count] = flag(correctedOnly);
      count++;
    }
    return { sorted: packed.subarray(0, count).sort(), count, rowKeys, rowTiers, rowGoodness, rowCorrected };
  };

  // The candidates: every match; or the best name matches and the higher tiers when they alone decide the
  // page; or, for many matches, those among popular packages when no other match can reach the page.
  // The matches are then counted (or, when not all were read, estimated) apart.
  let decided = inUniverse ? null : decidedByNames(ctx, words, exactNames, typoFreeIds, wanted, passes, withCorrections);
  // Every match is read first when its words' lists are short: then they are few, or known at little cost.
  const last = words.length - 1;
  const volume = words.reduce((sum, entry, at) => sum + wordVolume(ctx, entry, at === last), 0);
  let everyMatch = inUniverse || decided || !text || volume > MATCH_FIRST_VOLUME ? undefined : matchesOf(words);
  const popular =
    inUniverse || decided || (everyMatch && everyMatch.length <= RANK_EVERY_LIMIT)
      ? null
      : popularCandidates(ctx, words, exactNames, typoFreeIds, passes, withCorrections);
  everyMatch ??= inUniverse || decided || popular ? undefined : matchesOf(words);
  let ids = inUniverse ?? decided?.ids ?? popular?.ids ?? everyMatch!;
  let order = stageOne(ids);
  if (popular) {
    // A match left out is a live package less popular than the table's threshold matching in its text
    // alone: at best this row (as typed, when corrections are in play; in the text; that popular).
    const floor = pack((flag(typoFreeIds === null) << 4) | (1 << 2), POPULARITY_WEIGHT * popular.threshold, 0);
    if (order.count >= wanted && order.sorted[wanted - 1]! < floor) decided = { ids, matching: order.count };
    else {
      ids = everyMatch ??= matchesOf(words);
      order = stageOne(ids);
    }
  }
  const counted: MatchCount | undefined =
    everyMatch && ids !== everyMatch
      ? { count: countPassing(everyMatch, passes, groups), unfiltered: everyMatch.length, exact: true }
      : decided
        ? matchCount(ctx, words, groups, passes, decided.matching, text)
        : undefined;
  const { sorted, count, rowKeys, rowTiers, rowGoodness, rowCorrected } = order;

  const end = Math.min(count, offset + params.hitsPerPage);
  const best: Ranked[] = [];
  for (let i = 0; i < Math.min(count, Math.max(end, RERANK_POOL)); i++) {
    const at = sorted[i]! % POSITIONS;
    best.push({ keys: rowKeys[at]!, tiers: rowTiers[at]!, goodness: rowGoodness[at]!, correctedOnly: rowCorrected[at] === 1 });
  }

  // Stage two: the best few re-ranked with BM25 text relevance added to their goodness.
  const pool = best.slice(0, RERANK_POOL);
  // With one word as typed, its document frequency is the number of matches before filters.
  const knownFrequency = words.length === 1 && !typoMode && !inUniverse ? (counted?.unfiltered ?? ids.length) : undefined;
  const relevance = relevanceOf(
    ctx,
    words,
    pool.map((row) => row.keys.id),
    knownFrequency,
  );
  for (const row of pool) if (!row.correctedOnly) row.goodness += relevance.get(row.keys.id) ?? 0;
  pool.sort(compareRanked);
  const page = pool.concat(best.slice(RERANK_POOL)).slice(offset, end);
  return {
    records: recordsOf(
      ctx,
      page.map((row) => row.keys.id),
    ),
    nbHits: counted?.count ?? count,
    exhaustive: counted?.exact ?? true,
    everyMatch: typoMode ? undefined : everyMatch,
  };
}
