/** Package search: the query mini-language and the algoliasearch client (`@skylift/shared/search/index`). */
export * from './queryLanguage';
export * from './searchClient';
export type * from './types';
