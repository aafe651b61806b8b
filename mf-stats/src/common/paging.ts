/** Paging rules: page sizes, a window of five page numbers, pages kept in range. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const PAGE_WINDOW = 5;

export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, totalPages));
}

/** Up to five consecutive page numbers around the current one, shifted to stay within 1..totalPages. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
