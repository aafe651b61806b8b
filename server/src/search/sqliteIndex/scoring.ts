/** BM25 text relevance of the best candidates, read from their rows (`../relevance.ts` computes it). */
import { bm25, nameText, type CorpusStats, type QueryTerm } from '../relevance.ts';
import type { WordAlternatives } from '../text.ts';
import type { QueryContext } from './context.ts';
import { documentFrequency } from './counting.ts';

/** BM25 of the candidates for the query's words (higher is better). `knownFrequency`: the one word's document frequency, when known. */
export function relevanceOf(ctx: QueryContext, words: readonly WordAlternatives[], ids: readonly number[], knownFrequency?: number): Map<number, number> {
  if (ids.length === 0) return new Map();
  const corpus = corpusStats(ctx);
  const terms: QueryTerm[] = words.map((entry, index) => {
    const prefix = index === words.length - 1;
    return {
      spellings: [entry.word, ...entry.corrections],
      prefix,
      documentFrequency: knownFrequency ?? documentFrequency(ctx, entry, prefix),
    };
  });
  const rows = ctx.shapes
    .cached<number[], { id: number; name: string; nameNorm: string; description: string | null; keywords: string | null; owner: string | null }>(
      `SELECT id, name, name_norm AS nameNorm, record ->> '$.description' AS description,
         record ->> '$.keywords' AS keywords, record ->> '$.owner.name' AS owner
       FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`,
    )
    .all(...ids);
  const scores = new Map<number, number>();
  for (const row of rows) {
    const keywords = row.keywords ? (JSON.parse(row.keywords) as string[]).join(' ') : '';
    const fields = { name: nameText(row.name, row.nameNorm), description: row.description ?? '', keywords, owner: row.owner ?? '' };
    scores.set(row.id, bm25(fields, terms, corpus));
  }
  return scores;
}

/** Figures of relevance ranking: packages indexed and the average length of their text. */
function corpusStats(ctx: QueryContext): CorpusStats {
  const text = ctx.memory.text();
  return { documents: text.documents, averageLength: text.averageLength };
}
