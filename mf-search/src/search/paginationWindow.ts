/** The page numbers the pager shows: at most `size` (5), centred on the current page where possible. */
export const PAGINATION_WINDOW = 5;

/** Zero-based pages, e.g. current 7 of 20 -> [5, 6, 7, 8, 9]; current 0 of 3 -> [0, 1, 2]. */
export function paginationWindow(current: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 0), totalPages - 1);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 0), totalPages - count);
  return Array.from({ length: count }, (_, i) => start + i);
}
