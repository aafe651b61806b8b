/**
 * The filter buttons under the search box, and the checks of their values as read from an address. A module
 * of its own so that a page reading them does not download the query language or the search client.
 */
export type TypeFilter = 'esm' | 'cjs' | 'js';
export type StyleFilter = 'styles';

export const isTypeFilter = (value: unknown): value is TypeFilter => value === 'esm' || value === 'cjs' || value === 'js';
export const isStyleFilter = (value: unknown): value is StyleFilter => value === 'styles';
