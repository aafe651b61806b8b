/**
 * The search box's query mini-language: free text plus `key:value` filters, where `author`
 * filters on `owner.name`, `type` on `moduleTypes` and `style` on `styleTypes`. A value may start with `-`
 * to exclude it (`style:-none` means "ships styles"). Unknown keys stay part of the free text, so a query
 * such as `vue:3` still searches for what was typed.
 */
import type { StyleFilter, TypeFilter } from './filters';

export type SearchFilterKey = 'author' | 'type' | 'style';

/** The search index attribute each mini-language key filters on. */
export const FILTER_ATTRIBUTES: Record<SearchFilterKey, string> = {
  author: 'owner.name',
  type: 'moduleTypes',
  style: 'styleTypes',
};

export interface ParsedQuery {
  /** The free text, filters removed, single-spaced. */
  text: string;
  /** Algolia facetFilters, one per filter, ANDed. */
  facetFilters: string[];
}

// `key:` may be followed by spaces (the author link reads `author: name`); the value runs to the next space.
const FILTER_PATTERN = /(^|\s)(author|type|style):\s*("[^"]*"|[^\s]+)/gi;

export function parseQuery(query: string): ParsedQuery {
  const facetFilters: string[] = [];
  const text = query.replace(FILTER_PATTERN, (_match, lead: string, key: string, rawValue: string) => {
    const value = rawValue.replace(/^"|"$/g, '').trim();
    if (value) facetFilters.push(`${FILTER_ATTRIBUTES[key.toLowerCase() as SearchFilterKey]}:${value}`);
    return lead;
  });
  return { text: text.replace(/\s+/g, ' ').trim(), facetFilters };
}

/** The filter buttons under the search box (./filters, of the main entry). */
export type { StyleFilter, TypeFilter } from './filters';

export interface ButtonFilters {
  type?: TypeFilter | undefined;
  style?: StyleFilter | undefined;
}

/**
 * What the filter buttons add to the query: Styles adds `style:-none`, JS adds `type:-none`,
 * ESM and CJS add `type:{value}`.
 */
export function buttonFilterTerms(filters: ButtonFilters): string[] {
  const terms: string[] = [];
  if (filters.type === 'js') terms.push('type:-none');
  else if (filters.type === 'esm' || filters.type === 'cjs') terms.push(`type:${filters.type}`);
  if (filters.style === 'styles') terms.push('style:-none');
  return terms;
}

/** The facetFilters of a typed query together with the active filter buttons. */
export function facetFiltersFor(query: string, filters: ButtonFilters = {}): ParsedQuery {
  const parsed = parseQuery(query);
  const extra = parseQuery(buttonFilterTerms(filters).join(' ')).facetFilters;
  return { text: parsed.text, facetFilters: [...parsed.facetFilters, ...extra.filter((filter) => !parsed.facetFilters.includes(filter))] };
}
