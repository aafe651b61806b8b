/**
 * A call's answer is written as JSON text in the query thread that found it, not on the serving thread.
 * A heavy call (50 queries of 5 hits) carries 250 records: passed as objects, the serving thread paid for
 * copying them out of the thread, for picking their attributes and for stringifying them, and every cheap
 * call behind it on that thread waited for the lot. A string crosses threads as one copy, and the serving
 * thread only puts the pieces of the answer together.
 */
import type { SearchParams, SearchResult } from './index.ts';
import { retrieve } from './record.ts';

/** One query as a query thread receives it: what to find, and how much of each hit to write. */
export interface ShapedSearch extends SearchParams {
  /** Hits written at most (Algolia serves none past `paginationLimitedTo`). */
  hitsLimit: number;
  /** The attributes of each hit (`*` or none: all). */
  attributesToRetrieve?: readonly string[];
}

/** One query's answer from a query thread: its hits as JSON text, and the counts. */
export interface ShapedResult {
  hitsJson: string;
  nbHits: number;
  exhaustive: boolean;
}

/** Writes the hits of `result` as `search` asks for them (the query thread's half). */
export function shapeResult(result: SearchResult, search: ShapedSearch): ShapedResult {
  const hits = result.records.slice(0, search.hitsLimit).map((record) => retrieve(record, search.attributesToRetrieve));
  return { hitsJson: JSON.stringify(hits), nbHits: result.nbHits, exhaustive: result.exhaustive };
}

/**
 * One query's answer in Algolia's shape, as JSON text: the hits first, then `rest` (the counts, the query,
 * the timing), as algoliasearch reads them.
 */
export function answerJson(shaped: ShapedResult, rest: Record<string, unknown>): string {
  const tail = JSON.stringify(rest);
  return tail === '{}' ? `{"hits":${shaped.hitsJson}}` : `{"hits":${shaped.hitsJson},${tail.slice(1)}`;
}
