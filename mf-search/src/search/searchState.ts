/**
 * The home page search lives in the address (`query`, `page`, `type`, `style`), so a search can be shared,
 * reloaded and walked back through. These functions read and write that state; other parameters of the
 * address (such as `docs`) are left alone.
 */
// By its own path: neither the search client nor the query language is needed before the first search.
import { isStyleFilter, isTypeFilter, type StyleFilter, type TypeFilter } from '@skylift/shared';

export interface SearchState {
  query: string;
  /** Zero-based, as the search service counts. */
  page: number;
  type?: TypeFilter | undefined;
  style?: StyleFilter | undefined;
}

export function readSearchState(params: URLSearchParams): SearchState {
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
  const type = params.get('type');
  const style = params.get('style');
  return { query: params.get('query') ?? '', page, type: isTypeFilter(type) ? type : undefined, style: isStyleFilter(style) ? style : undefined };
}

/** A copy of `params` carrying `state`; defaults (page 0, no filter, empty query) leave their parameter out. */
export function writeSearchState(params: URLSearchParams, state: SearchState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  set('query', state.query);
  set('page', state.page > 0 ? String(state.page) : undefined);
  set('type', state.type);
  set('style', state.style);
  return next;
}

/** A new query starts again from the first page. */
export function withQuery(state: SearchState, query: string): SearchState {
  return query === state.query ? state : { ...state, query, page: 0 };
}

/** The type buttons toggle: clicking the active one clears it. A filter change starts from the first page. */
export function toggleType(state: SearchState, type: TypeFilter): SearchState {
  return { ...state, type: state.type === type ? undefined : type, page: 0 };
}

export function toggleStyle(state: SearchState): SearchState {
  return { ...state, style: state.style ? undefined : 'styles', page: 0 };
}

/** One string per distinct search, to tell a current answer from a stale one. */
export function searchKey(state: SearchState): string {
  return JSON.stringify([state.query, state.page, state.type ?? '', state.style ?? '']);
}

/**
 * Whether there is a search to show: a query, or a type or style filter alone (an empty query with a
 * filter lists the most popular packages that match it).
 */
export function isSearching(state: Pick<SearchState, 'query' | 'type' | 'style'>): boolean {
  return state.query.trim() !== '' || state.type !== undefined || state.style !== undefined;
}
