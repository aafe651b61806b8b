/** `@skylift/shared/search`: package search: the query mini-language and the algoliasearch client (its library fetched with the first search). */
export * from './queryLanguage';
export * from './searchClient';
export type * from './types';
