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
  /** Words of the name column, the joined form included, space-separated and space-framed: ` react dom reactdom `. */
  nameIndex: string;
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
    nameIndex: ` ${tokenize(nameText(row.name, row.nameNorm)).join(' ')} `,
    nameWords: tokenize(row.name).length,
  };
}
