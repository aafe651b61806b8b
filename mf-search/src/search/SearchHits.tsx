/**
 * One page of search hits and the pagination under them: a chunk of its own, downloaded with the first
 * search (the home page without a query shows neither).
 */
import type { SearchPage } from '@skylift/shared/search';
import { Pagination } from './Pagination';
import { SearchHitCard } from './SearchHitCard';
import styles from './search.module.css';

export interface SearchHitsProps {
  page: SearchPage;
  /** A newer search is running: the hits shown are the previous one's, dimmed. */
  stale: boolean;
  /** Identifies the search and page shown: a new one renders a new list (and so starts at its top). */
  listKey: string;
  onPage: (page: number) => void;
}

export function SearchHits({ page, stale, listKey, onPage }: SearchHitsProps) {
  return (
    <>
      <ol className={stale ? `${styles.resultsList} ${styles.resultsListStale}` : styles.resultsList} key={listKey}>
        {page.hits.map((hit) => (
          <SearchHitCard key={hit.objectID} hit={hit} />
        ))}
      </ol>
      <Pagination page={page.page} totalPages={page.nbPages} onPage={onPage} />
    </>
  );
}
