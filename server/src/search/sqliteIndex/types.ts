/** The shapes the index is asked and answers in. */
import type { FacetFilterGroups } from '../facets.ts';
import type { SearchRecord } from '../record.ts';

export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FacetFilterGroups;
}

export interface SearchResult {
  records: SearchRecord[];
  nbHits: number;
  /** False when `nbHits` is an estimate (counting every match would have cost more than the rest of the query). */
  exhaustive: boolean;
}

/**
 * Where a record came from: the shipped catalog (partial), a package document (full), or the catalog with
 * the registry having no document for it (so enrichment does not ask again).
 */
export type RecordSource = 'catalog' | 'document' | 'catalog-unavailable';
