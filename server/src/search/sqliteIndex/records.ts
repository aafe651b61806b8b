/** The records of a page of hits, read by id in the page's order. */
import type { SearchRecord } from '../record.ts';
import type { QueryContext } from './context.ts';

export function recordsOf(ctx: QueryContext, ids: readonly number[]): SearchRecord[] {
  if (ids.length === 0) return [];
  const rows = ctx.shapes
    .cached<number[], { id: number; record: string }>(`SELECT id, record FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`)
    .all(...ids);
  const byId = new Map(rows.map((row) => [row.id, row.record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [JSON.parse(record) as SearchRecord] : [];
  });
}
