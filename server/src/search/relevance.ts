/**
 * BM25 text relevance, as SQLite FTS5's bm25() computes it (k1 = 1.2, b = 0.75, per-column weights folded
 * into the term frequency), evaluated here for the few candidates being ranked. FTS5's own bm25() has to
 * score every match of the query, which for a one- or two-letter prefix while typing means thousands of
 * rows; the candidates are already chosen by cheaper keys, so only they are scored.
 */
import { tokenize } from './text.ts';

const K1 = 1.2;
const B = 0.75;

/** Weights of name, description, keywords and owner: a word in the name counts far more than one in the description. */
export const COLUMN_WEIGHTS = [10, 1.5, 4, 3] as const;

export interface SearchableText {
  name: string;
  description: string;
  keywords: string;
  owner: string;
}

/** The words the name column holds: the name's words, plus its joined form (`reactdom`) when it has several. */
export function nameText(name: string, nameNorm: string): string {
  return nameNorm && !tokenize(name).includes(nameNorm) ? `${name} ${nameNorm}` : name;
}

export interface QueryTerm {
  /** The word and its accepted corrections. */
  spellings: readonly string[];
  /** Matches as a prefix (the last word, while typing). */
  prefix: boolean;
  /** How many records of the index contain the term. */
  documentFrequency: number;
}

export interface CorpusStats {
  documents: number;
  averageLength: number;
}

function tokens(fields: SearchableText): string[][] {
  return [fields.name, fields.description, fields.keywords, fields.owner].map(tokenize);
}

/** Higher is more relevant (FTS5 reports the same figure negated). */
export function bm25(fields: SearchableText, terms: readonly QueryTerm[], corpus: CorpusStats): number {
  const columns = tokens(fields);
  const length = columns.reduce((sum, column) => sum + column.length, 0);
  let score = 0;
  for (const term of terms) {
    let frequency = 0;
    columns.forEach((column, index) => {
      let count = 0;
      for (const token of column) {
        if (term.spellings.some((spelling) => token === spelling || (term.prefix && token.startsWith(spelling)))) count++;
      }
      frequency += COLUMN_WEIGHTS[index]! * count;
    });
    if (frequency === 0) continue;
    const n = term.documentFrequency;
    const idf = Math.max(1e-6, Math.log((corpus.documents - n + 0.5) / (n + 0.5)));
    score += (idf * (frequency * (K1 + 1))) / (frequency + K1 * (1 - B + (B * length) / Math.max(1, corpus.averageLength)));
  }
  return score;
}
