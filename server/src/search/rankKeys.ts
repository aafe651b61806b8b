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

/**
 * The ranking keys of every package by id, in an array rather than a Map: ranking thousands of matches looks
 * each one up, and a Map of two million entries costs about ten times an array's indexed read. Package ids
 * are SQLite rowids, handed out in order, so the array has few holes.
 */
export class RankKeyTable {
  private readonly byId: Array<RankKeys | undefined> = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: number): RankKeys | undefined {
    return this.byId[id];
  }

  set(id: number, keys: RankKeys): void {
    // Holes filled one by one keep the array in V8's fast elements, whatever order the ids come in.
    while (this.byId.length < id) this.byId.push(undefined);
    if (this.byId[id] === undefined) this.count++;
    this.byId[id] = keys;
  }

  delete(id: number): void {
    if (this.byId[id] === undefined) return;
    this.byId[id] = undefined;
    this.count--;
  }

  *values(): IterableIterator<RankKeys> {
    for (const keys of this.byId) if (keys !== undefined) yield keys;
  }
}
