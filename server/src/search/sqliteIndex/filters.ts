/** Facet filters (groups ANDed, filters in a group ORed, `-value` excluded) as a test of one id and as SQL. */
import { FACET_ATTRIBUTES, facetValue, type FacetFilterGroups } from '../facets.ts';
import type { IndexMemory } from './memory.ts';

/** Facet filters as a test of one id, over the packages of each facet value in memory. */
export function facetPredicate(memory: IndexMemory, groups: FacetFilterGroups): (id: number) => boolean {
  const tests = groups
    .filter((group) => group.length > 0)
    .map((group) =>
      group.map((filter) => {
        // An attribute no record has matches nothing (and its negation everything), as in Algolia.
        const set = Object.hasOwn(FACET_ATTRIBUTES, filter.attribute) ? memory.facetSet(filter.attribute, facetValue(filter.value)) : new Set<number>();
        return { set, negated: filter.negated };
      }),
    );
  if (tests.length === 0) return () => true;
  return (id) => tests.every((group) => group.some(({ set, negated }) => set.has(id) !== negated));
}

export interface SqlClause {
  sql: string;
  args: unknown[];
}

/** Facet filters as a WHERE clause over `p`. */
export function filterClause(groups: FacetFilterGroups): SqlClause {
  const parts: string[] = [];
  const args: unknown[] = [];
  for (const group of groups) {
    if (group.length === 0) continue;
    const alternatives = group.map((filter) => {
      // An attribute no record has matches nothing (and its negation everything), as in Algolia.
      if (!Object.hasOwn(FACET_ATTRIBUTES, filter.attribute)) return filter.negated ? '1' : '0';
      args.push(filter.attribute, facetValue(filter.value));
      return `p.id ${filter.negated ? 'NOT IN' : 'IN'} (SELECT id FROM facets WHERE attribute = ? AND value = ?)`;
    });
    parts.push(`(${alternatives.join(' OR ')})`);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', args };
}
