/**
 * How many packages hold each word of the full-text index (any column), read once from FTS5's vocabulary
 * and kept sorted in memory, so that the packages holding a word, or any word with a given prefix, are
 * known in a binary search: what reading that word in the full-text index would cost, and an estimate of
 * how many packages match when counting them would cost too much. For a prefix the figure is the sum over
 * its words, so a package holding two of them counts twice: an upper bound.
 */
import type Database from 'better-sqlite3';
import { wordRange } from './wordRange.ts';

export class TermStats {
  private readonly terms: string[] = [];
  /** `cumulative[i]`: packages of the terms before `terms[i]`, summed. */
  private readonly cumulative: Float64Array;
  /** Packages in the index when the figures were read. */
  readonly documents: number;

  /** `vocabulary`: an fts5vocab table of type `row` over the full-text table. */
  constructor(db: Database.Database, vocabulary: string, documents: number) {
    this.documents = documents;
    const counts: number[] = [];
    for (const [term, count] of db.prepare<[], [string, number]>(`SELECT term, doc FROM ${vocabulary}`).raw().iterate()) {
      this.terms.push(term);
      counts.push(count);
    }
    this.cumulative = new Float64Array(counts.length + 1);
    for (let i = 0; i < counts.length; i++) this.cumulative[i + 1] = this.cumulative[i]! + counts[i]!;
  }

  /** Packages holding `term`, or (summed over the words) any word starting with it when `prefix`. */
  frequency(term: string, prefix: boolean): number {
    const [from, to] = wordRange(this.terms, term, prefix);
    return this.cumulative[to]! - this.cumulative[from]!;
  }
}
