/**
 * What ranking needs to know of every package, kept in memory: popularity, deprecation and the words of
 * its name. The full-text index only says which packages match; ordering thousands of matches then costs
 * a lookup per match here instead of a row read per match from SQLite.
 */
import { nameText } from './relevance.ts';
import { tokenize } from './text.ts';

export interface RankKeys {
  id: number;
  popularity: number;
  deprecated: boolean;
  nameNorm: string;
  /** Words of the name column, the joined form (`reactdom`) included. */
  nameTokens: string[];
  /** How many words the name itself has (`react-dom`: 2). */
  nameWords: number;
}

export interface RankKeyRow {
  id: number;
  name: string;
  nameNorm: string;
  popularity: number;
  deprecated: number;
}

export function rankKeysOf(row: RankKeyRow): RankKeys {
  return {
    id: row.id,
    popularity: row.popularity,
    deprecated: row.deprecated !== 0,
    nameNorm: row.nameNorm,
    nameTokens: tokenize(nameText(row.name, row.nameNorm)),
    nameWords: tokenize(row.name).length,
  };
}

export interface NameWord {
  spellings: readonly string[];
  prefix: boolean;
}

/** Every word is in the name (the last one possibly as a prefix). Plain loops: this runs for every match. */
export function nameHasWords(keys: RankKeys, words: readonly NameWord[]): boolean {
  const tokens = keys.nameTokens;
  for (const { spellings, prefix } of words) {
    let found = false;
    for (let t = 0; t < tokens.length && !found; t++) {
      const token = tokens[t]!;
      for (let s = 0; s < spellings.length; s++) {
        const spelling = spellings[s]!;
        if (token === spelling || (prefix && token.startsWith(spelling))) {
          found = true;
          break;
        }
      }
    }
    if (!found) return false;
  }
  return true;
}
