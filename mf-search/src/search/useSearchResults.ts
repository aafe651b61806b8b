/**
 * Runs the search for the state in the address and keeps the answer of the latest one only: an answer that
 * arrives after the visitor typed further (a stale response) is dropped, so results never jump back. While a
 * search runs, the hits of the previous one stay on hand to be shown dimmed.
 */
import { useState } from 'react';
import { useAsync, type SearchConfig } from '@skylift/shared';
import type { SearchPage } from '@skylift/shared/search';
import { isSearching, searchKey, type SearchState } from './searchState';

export type SearchResults =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchPage | null }
  | { status: 'ready'; result: SearchPage; key: string }
  | { status: 'failed'; message: string };

/** The search client is downloaded when the visitor starts a search (focus on the box, or a search in the address), not with the home page. */
const loadSearchClient = () => import('@skylift/shared/search');

export const preloadSearchClient = (): void => void loadSearchClient().catch(() => undefined);

export function useSearchResults(config: SearchConfig | null, state: SearchState): SearchResults {
  const key = searchKey(state);
  const active = isSearching(state) ? config : null;
  // `key` stands for every field of `state` the search reads.
  const answer = useAsync(
    active
      ? async () => {
          const { searchPackages, SEARCH_PAGE_SIZE } = await loadSearchClient();
          return searchPackages(active, {
            query: state.query,
            page: state.page,
            hitsPerPage: SEARCH_PAGE_SIZE,
            filters: { type: state.type, style: state.style },
          });
        }
      : null,
    [active, key],
  );

  // An answer for another query than the one in the address (the search service echoes it) is not shown.
  const result = answer.status === 'ok' && answer.value.query === state.query ? answer.value : null;

  // The last hits shown, kept through the searches that follow until the search is left or fails.
  const [previous, setPrevious] = useState<SearchPage | null>(null);
  const latestShown = !active || answer.status === 'error' ? null : (result ?? previous);
  if (latestShown !== previous) setPrevious(latestShown);

  if (!active) return { status: 'idle' };
  if (answer.status === 'error') return { status: 'failed', message: answer.error instanceof Error ? answer.error.message : String(answer.error) };
  return result ? { status: 'ready', result, key } : { status: 'loading', previous };
}
