/**
 * The view of the hits (their cards and the pagination) is a chunk of its own, downloaded when the visitor
 * starts a search (focus on the box, or a search in the address), not with the home page. Until it has
 * arrived, an answer counts as still loading, so "ready" always means the hits are on screen.
 */
import { useEffect, useState } from 'react';
import type { SearchHits } from './SearchHits';

export type SearchHitsView = typeof SearchHits;

let loaded: SearchHitsView | null = null;
let loading: Promise<SearchHitsView> | null = null;

/** Starts the download (once; again after a failure). */
export function loadSearchHitsView(): Promise<SearchHitsView> {
  if (!loading) {
    const attempt = import('./SearchHits').then((module) => (loaded = module.SearchHits));
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    loading = attempt;
  }
  return loading;
}

export const preloadSearchHitsView = (): void => void loadSearchHitsView().catch(() => undefined);

/**
 * The view once downloaded, or the download's failure. `attempt` is the search shown: a new search after a
 * failed download tries again.
 */
export function useSearchHitsView(wanted: boolean, attempt: string): { view: SearchHitsView | null; error: unknown } {
  const [view, setView] = useState<SearchHitsView | null>(() => loaded);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || view) return undefined;
    let current = true;
    setError(null);
    loadSearchHitsView().then(
      (arrived) => current && setView(() => arrived),
      (failure: unknown) => current && setError(failure ?? new Error('unknown')),
    );
    return () => {
      current = false;
    };
  }, [wanted, view, attempt]);
  return { view, error };
}
