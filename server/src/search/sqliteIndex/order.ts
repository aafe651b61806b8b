/**
 * The order of hits as numbers: the tiers a match falls in, its goodness within them (popularity, less a
 * little per extra name word, plus BM25 in the re-ranked pool), and both packed into one sortable number.
 */
import type { RankKeys } from '../rankKeys.ts';

/** How much a tenfold difference in use weighs against text relevance within a relevance tier. */
export const POPULARITY_WEIGHT = 1.2;

/**
 * Each name word beyond the typed ones costs this much of the blended score (close to a tenfold popularity):
 * while typing `reac`, react comes before the more downloaded react-is.
 */
export const EXTRA_NAME_WORD_PENALTY = 1.0;

export interface Ranked {
  keys: RankKeys;
  /** Tier bits, higher first: exact name, matches as typed, corrected name, not deprecated, words in name, whole words. */
  tiers: number;
  correctedOnly: boolean;
  /** Higher first: popularity (and, in the re-ranked pool, BM25) less the extra-word penalty. */
  goodness: number;
}

export const flag = (value: boolean): number => (value ? 1 : 0);

export function compareRanked(a: Ranked, b: Ranked): number {
  return b.tiers - a.tiers || b.goodness - a.goodness || a.keys.id - b.keys.id;
}

/** Positions packed below the score: up to this many matches are ordered natively, as typed-array numbers. */
export const POSITIONS = 2 ** 20;

/**
 * One number per row whose ascending order is compareRanked's: the tiers take the high digits, the
 * goodness (shifted into 0..100, a millionth apart) the next ones, and the position in the match list
 * (which follows the id) breaks ties. Float64Array sorts these natively, far faster than a comparator.
 */
export function pack(tiers: number, goodness: number, position: number): number {
  const within = Math.min(99.999999, Math.max(0, goodness + 50));
  return Math.round((6400 - (tiers * 100 + within)) * 1e6) * POSITIONS + (position % POSITIONS);
}

/**
 * The order of live packages in the names in memory: a one-word query's goodness (popularity, less the
 * name's words beyond the first) up to a constant, so that walking it visits name matches best first.
 */
export const nameScore = (keys: RankKeys): number => POPULARITY_WEIGHT * keys.popularity - EXTRA_NAME_WORD_PENALTY * keys.nameWords;
