/**
 * Runs the search for the state in the address and keeps the answer of the latest one only: an answer that
 * arrives after the visitor typed further (a stale response) is dropped, so results never jump back.
 */
import { useEffect, useRef, useState } from 'react';
import type { SearchConfig } from '@skylift/shared';
import { searchPackages, SEARCH_PAGE_SIZE, type SearchPage } from '@skylift/shared/search/index';
import { isSearching, searchKey, type SearchState } from './searchState';

export type SearchResults =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchPage | null }
  | { status: 'ready'; result: SearchPage; key: string }
  | { status: 'failed'; message: string };

export function useSearchResults(config: SearchConfig | null, state: SearchState): SearchResults {
  const [results, setResults] = useState<SearchResults>({ status: 'idle' });
  const latest = useRef('');
  const key = searchKey(state);

  useEffect(() => {
    latest.current = key;
    if (!isSearching(state) || !config) {
      setResults({ status: 'idle' });
      return;
    }
    setResults((current) => ({ status: 'loading', previous: current.status === 'ready' ? current.result : current.status === 'loading' ? current.previous : null }));
    searchPackages(config, { query: state.query, page: state.page, hitsPerPage: SEARCH_PAGE_SIZE, filters: { type: state.type, style: state.style } }).then(
      (result) => {
        if (latest.current !== key || result.query !== state.query) return;
        setResults({ status: 'ready', result, key });
      },
      (error: unknown) => {
        if (latest.current !== key) return;
        setResults({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    // `key` stands for every field of `state` the search reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, key]);

  // Between a change of the search and its effect, the answer on hand belongs to the previous search.
  if (results.status === 'ready' && results.key !== key) return { status: 'loading', previous: results.result };
  return results;
}
