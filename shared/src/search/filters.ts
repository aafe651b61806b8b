/**
 * The filter buttons under the search box, and the checks of their values as read from an address. Of the
 * main entry, not `@skylift/shared/search`: the home page reads them from its address before any search, and
 * downloads the query language and the search client when a search starts.
 */
export type TypeFilter = 'esm' | 'cjs' | 'js';
export type StyleFilter = 'styles';

export const isTypeFilter = (value: unknown): value is TypeFilter => value === 'esm' || value === 'cjs' || value === 'js';
export const isStyleFilter = (value: unknown): value is StyleFilter => value === 'styles';
