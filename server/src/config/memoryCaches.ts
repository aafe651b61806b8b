/**
 * How a process's memory for caches (`SKYLIFT_MEMORY_CACHE_BYTES`) is shared between its caches. One figure
 * for the operator to size to the machine; each cache keeps within its share, and `/metrics` shows each
 * one's bytes against it (`skylift_memory_cache_bytes`, `../observability/memoryCaches.ts`).
 */

export interface MemoryCacheBudgets {
  /** Loaded versions: each file's path, size, digest and where its bytes are (`packages/storage/versionStore.ts`). */
  versionsBytes: number;
  /** npm package documents, abbreviated (resolution of ranges and tags). */
  npmDocumentsBytes: number;
  /** npm package documents in full (publication times): fewer are asked for. */
  npmFullDocumentsBytes: number;
  /** The CDN's small popular files (`cdn/http/hotFiles.ts`). */
  hotFilesBytes: number;
  /** The CDN's whole answers replayed before the framework (`cdn/serve/warmAnswers.ts`). */
  warmAnswersBytes: number;
}

/** One cache's bytes against its budget, as `/metrics` reports it. */
export interface MemoryCacheFigure {
  /** The cache's name, as the label shows it: `versions`, `hot_files`. */
  cache: string;
  /** What it holds now, as it counts its entries against its budget. */
  bytes: number;
  budgetBytes: number;
}

/** The default: what the caches had each before they shared one figure (128, 128, 32, 128 and 64 MB). */
export const DEFAULT_MEMORY_CACHE_BYTES = 480 * 1024 * 1024;

/** Shares out of 15: the versions, the documents and the hot files a little over a quarter each. */
const SHARES: Record<keyof MemoryCacheBudgets, number> = {
  versionsBytes: 4,
  npmDocumentsBytes: 4,
  npmFullDocumentsBytes: 1,
  hotFilesBytes: 4,
  warmAnswersBytes: 2,
};
const SHARE_TOTAL = Object.values(SHARES).reduce((sum, share) => sum + share, 0);

export function memoryCacheBudgets(totalBytes: number): MemoryCacheBudgets {
  const part = (share: number): number => Math.floor((totalBytes * share) / SHARE_TOTAL);
  return {
    versionsBytes: part(SHARES.versionsBytes),
    npmDocumentsBytes: part(SHARES.npmDocumentsBytes),
    npmFullDocumentsBytes: part(SHARES.npmFullDocumentsBytes),
    hotFilesBytes: part(SHARES.hotFilesBytes),
    warmAnswersBytes: part(SHARES.warmAnswersBytes),
  };
}
