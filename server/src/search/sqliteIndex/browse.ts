/**
 * The empty query: every package that passes the filters, most used first. Without filters the rank index
 * gives the order; with them, the packages in memory are walked in that order until the page is filled
 * (or, for a filter that keeps few packages, those are sorted), as SQLite would first gather every package
 * a negated filter names.
 */
import { FACET_ATTRIBUTES, facetValue, type FacetFilterGroups } from '../facets.ts';
import type { SearchParams, SearchResult } from './types.ts';
import { filterUniverse, NAME_WALK_LIMIT } from './candidates.ts';
import type { QueryContext } from './context.ts';
import { facetPredicate, type SqlClause } from './filters.ts';
import { recordsOf } from './records.ts';

export function browse(ctx: QueryContext, filter: SqlClause, params: SearchParams): SearchResult {
  ctx.memory.refresh();
  const start = params.page * params.hitsPerPage;
  const inMemory = filter.sql === '1' ? null : browseInMemory(ctx, params.facetFilters, start + params.hitsPerPage)?.slice(start, start + params.hitsPerPage);
  const ids =
    inMemory?.map((id) => ({ id })) ??
    ctx.shapes
      .cached<unknown[], { id: number }>(
        `SELECT p.id FROM packages p WHERE ${filter.sql}
         ORDER BY p.deprecated ASC, p.popularity DESC, p.id ASC LIMIT ? OFFSET ?`,
      )
      .all(...filter.args, params.hitsPerPage, start);
  // Without filters the count is every package: the ranking keys in memory know it; counting rows would
  // scan an index of the whole table (tens of milliseconds at millions of packages). One filter is counted
  // by its set of packages in memory, which the query threads keep.
  ctx.memory.keysOf(0);
  const total = ctx.memory.keyCount!;
  const groups = params.facetFilters.filter((group) => group.length > 0);
  const only = groups.length === 1 && groups[0]!.length === 1 ? groups[0]![0]! : undefined;
  let nbHits: number;
  if (filter.args.length === 0 && filter.sql === '1') nbHits = total;
  else if (only && Object.hasOwn(FACET_ATTRIBUTES, only.attribute)) {
    const size = ctx.memory.facetSet(only.attribute, facetValue(only.value)).size;
    nbHits = only.negated ? total - size : size;
  } else nbHits = ctx.shapes.cached<unknown[], { n: number }>(`SELECT count(*) AS n FROM packages p WHERE ${filter.sql}`).get(...filter.args)!.n;
  return {
    records: recordsOf(
      ctx,
      ids.map((row) => row.id),
    ),
    nbHits,
    exhaustive: true,
  };
}

/** The first `end` packages passing the filters in the empty query's order; null when too few are near the top. */
function browseInMemory(ctx: QueryContext, groups: FacetFilterGroups, end: number): number[] | null {
  const { memory } = ctx;
  const passes = facetPredicate(memory, groups);
  const compare = (a: number, b: number): number => {
    const x = memory.keysOf(a)!;
    const y = memory.keysOf(b)!;
    return Number(x.deprecated) - Number(y.deprecated) || y.popularity - x.popularity || a - b;
  };
  const universe = filterUniverse(ctx, groups);
  if (universe) return universe.filter((id) => memory.keysOf(id) !== undefined && passes(id)).sort(compare);
  const names = memory.names();
  const found: number[] = [];
  for (const id of names.stale) if (memory.keysOf(id) && passes(id)) found.push(id);
  let taken = 0;
  const outcome = names.walk(
    (id) => {
      if (!passes(id)) return false;
      found.push(id);
      return ++taken >= end;
    },
    NAME_WALK_LIMIT,
    'browse',
  );
  return outcome === 'limit' ? null : found.sort(compare).slice(0, end);
}
