/**
 * The search over all of npm on the home page: the query, page and filters live in
 * the address; typing is debounced by 40 ms; a new query or filter starts from the first page; an empty
 * query without a filter shows the landing content again. After results arrive the page scrolls to the
 * search box; after a change of page, to the top of the results.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Notice, Spinner, formatNumber, useRuntimeConfig } from '@skylift/shared';
import type { TypeFilter } from '@skylift/shared/search';
import { isSearching, readSearchState, searchKey, toggleStyle, toggleType, withQuery, writeSearchState, type SearchState } from './searchState';
import { useDebouncedCallback } from './useDebouncedCallback';
import { preloadSearchClient, useSearchResults, type SearchResults } from './useSearchResults';
import { preloadSearchHitsView, useSearchHitsView } from './useSearchHitsView';
import { QUERY_DEBOUNCE_MS } from './searchTiming';
import styles from './search.module.css';
import { useMediaQuery } from '@skylift/shared/ui';

export const PLACEHOLDER = 'Search all npm packages, e.g. react or author: sindresorhus';
/** On a phone the box is too narrow for the example: the placeholder says what the box is for, whole. */
export const SHORT_PLACEHOLDER = 'Search npm packages';
const NARROW = '(max-width: 480px)';

const TYPE_BUTTONS: ReadonlyArray<{ id: TypeFilter; label: string; title: string }> = [
  { id: 'esm', label: 'ESM', title: 'Packages that ship ES modules' },
  { id: 'cjs', label: 'CJS', title: 'Packages that ship CommonJS modules' },
  { id: 'js', label: 'JS', title: 'Packages that ship any JavaScript' },
];

export function PackageSearch() {
  const config = useRuntimeConfig();
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const [text, setText] = useState(state.query);
  const lastWritten = useRef(state.query);
  const box = useRef<HTMLDivElement>(null);
  const resultsTop = useRef<HTMLDivElement>(null);
  // What the next answer brings into view: the search box after a new search, the results' top after paging.
  const scrollOnAnswer = useRef<false | 'box' | 'results'>(state.query !== '' ? 'box' : false);

  // The address changed from outside (an author link, Back): show its query in the box.
  useEffect(() => {
    if (state.query !== lastWritten.current) {
      lastWritten.current = state.query;
      setText(state.query);
      scrollOnAnswer.current = 'box';
    }
  }, [state.query]);

  // The state as of the latest render, for the debounced write that runs after it.
  const latestState = useRef(state);
  latestState.current = state;

  const commit = (next: SearchState, replace: boolean) => {
    lastWritten.current = next.query;
    setParams((current) => writeSearchState(current, next), { replace, preventScrollReset: true });
  };

  const writeQuery = useDebouncedCallback((query: string) => {
    const current = latestState.current;
    if (query === current.query) return;
    scrollOnAnswer.current = 'box';
    // Typing replaces the history entry; the first character of a new search adds one, so Back returns to the landing page.
    commit(withQuery(current, query), current.query !== '');
  }, QUERY_DEBOUNCE_MS);

  const onInput = (value: string) => {
    setText(value);
    writeQuery.call(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    writeQuery.cancel();
    scrollOnAnswer.current = 'box';
    commit(withQuery(state, text), false);
  };

  const onFilter = (next: SearchState) => {
    scrollOnAnswer.current = 'box';
    commit(next, false);
  };

  const onPage = (page: number) => {
    scrollOnAnswer.current = 'results';
    commit({ ...state, page }, false);
  };

  const active = isSearching(state);
  const hitsView = useSearchHitsView(active, searchKey(state));
  const answered = withHitsView(useSearchResults(config?.search ?? null, state), hitsView.view, hitsView.error);
  // A page past the last one (an old link, a hand-edited address) is answered with no hits: show the last page
  // instead, and correct the address in place so that it names the page shown.
  const lastPage = answered.status === 'ready' ? Math.max(answered.result.nbPages - 1, 0) : null;
  const clampTo = lastPage !== null && state.page > lastPage ? lastPage : null;
  const results = clampTo !== null ? CORRECTING_PAGE : answered;
  useEffect(() => {
    if (clampTo === null) return;
    commit({ ...latestState.current, page: clampTo }, true);
    // `commit` is a fresh closure each render; the page to clamp to is what this effect is about.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clampTo]);
  const SearchHits = hitsView.view;

  useEffect(() => {
    if (results.status !== 'ready' || !scrollOnAnswer.current) return;
    const target = scrollOnAnswer.current === 'results' ? resultsTop.current : box.current;
    scrollOnAnswer.current = false;
    target?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [results]);

  const shown = results.status === 'ready' ? results.result : results.status === 'loading' ? results.previous : null;
  const narrow = useMediaQuery(NARROW);

  return (
    <section className={styles.search} aria-label="Package search">
      <div ref={box} className={styles.searchBox}>
        <form role="search" className={styles.searchForm} onSubmit={onSubmit}>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            className={styles.searchInput}
            type="search"
            name="query"
            aria-label="Search all npm packages"
            placeholder={narrow ? SHORT_PLACEHOLDER : PLACEHOLDER}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => onInput(event.target.value)}
            onFocus={() => {
              preloadSearchHitsView();
              preloadSearchClient();
            }}
          />
          {results.status === 'loading' ? <Spinner label="Searching..." className={styles.searchSpinner} /> : null}
        </form>
        <div className={styles.searchFilters} role="group" aria-label="Filter by what a package ships">
          {TYPE_BUTTONS.map((button) => (
            <button
              key={button.id}
              type="button"
              title={button.title}
              className={state.type === button.id ? `${styles.filter} ${styles.filterActive}` : styles.filter}
              aria-pressed={state.type === button.id}
              onClick={() => onFilter(toggleType(state, button.id))}
            >
              {button.label}
            </button>
          ))}
          <button
            type="button"
            title="Packages that ship styles"
            className={state.style ? `${styles.filter} ${styles.filterActive}` : styles.filter}
            aria-pressed={state.style === 'styles'}
            onClick={() => onFilter(toggleStyle(state))}
          >
            Styles
          </button>
        </div>
      </div>

      {active ? (
        <div ref={resultsTop} className={styles.results} data-testid="search-results" data-state={results.status} aria-busy={results.status === 'loading'}>
          {results.status === 'failed' ? (
            <Notice variant="error" title="The search failed.">
              {results.message} Try again in a moment.
            </Notice>
          ) : null}
          {shown && shown.nbHits === 0 && results.status === 'ready' ? <p className={styles.resultsEmpty}>No results found</p> : null}
          {shown && shown.nbHits > 0 ? (
            <>
              <p className={styles.resultsCount} aria-live="polite">
                {shown.nbHitsExact ? '' : 'About '}
                {formatNumber(shown.nbHits)} {shown.nbHits === 1 ? 'package' : 'packages'} found
                {shown.nbPages > 1 ? ` · page ${shown.page + 1} of ${formatNumber(shown.nbPages)}` : ''}
              </p>
              {SearchHits ? (
                <SearchHits page={shown} stale={results.status === 'loading'} listKey={searchKey({ ...state, page: shown.page })} onPage={onPage} />
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** While the address is corrected to the last page: nothing of the empty page past it is shown. */
const CORRECTING_PAGE: SearchResults = { status: 'loading', previous: null };

/** An answer is ready to show once the hits' view has arrived too; a failed download fails the search. */
function withHitsView(results: SearchResults, view: unknown, error: unknown): SearchResults {
  if (results.status !== 'ready' || view) return results;
  if (error) return { status: 'failed', message: 'The search results could not be shown (a part of the page did not download).' };
  return { status: 'loading', previous: null };
}
