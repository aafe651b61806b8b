/**
 * How a process's memory for caches (`SKYLIFT_MEMORY_CACHE_BYTES`) is shared between its caches. One figure
 * for the operator to size to the machine; each cache keeps within its share, and `/metrics` shows each
 * one's bytes against it (`skylift_memory_cache_bytes`, `../observability/memoryCaches.ts`). Under the launcher,
 * each CDN and data API process gets, unless the operator set it, a share of the machine's memory.
 */
import os from 'node:os';

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
  /** The records of the CDN's generated files looked up: paths, sizes, digests (`cdn/derived/artifactStore.ts`). */
  generatedFilesBytes: number;
  /** The CDN's module builds known to be ready: their files and export names (`cdn/esm/store/esmBuilds.ts`). */
  esmBuildsBytes: number;
  /** The records of the module builds kept for good, looked up (`cdn/esm/store/pinnedStore.ts`). */
  keptBuildsBytes: number;
}

/** One cache's bytes against its budget, as `/metrics` reports it. */
export interface MemoryCacheFigure {
  /** The cache's name, as the label shows it: `versions`, `hot_files`. */
  cache: string;
  /** What it holds now, as it counts its entries against its budget. */
  bytes: number;
  budgetBytes: number;
}

/** What a cache holds and its budget, without its name. */
export type MemoryUse = Omit<MemoryCacheFigure, 'cache'>;

/** What an LRU cache bounded in bytes (lru-cache's `maxSize`) holds, as it counts its entries, and its budget. */
export function lruMemoryUse(cache: { readonly calculatedSize: number; readonly maxSize: number }): MemoryUse {
  return { bytes: cache.calculatedSize, budgetBytes: cache.maxSize };
}

/**
 * The default of a process on its own (tests, `--one-process`), and the most a launcher gives each of its processes
 * by default: what the caches had each before they shared one figure (128, 128, 32, 128 and 64 MB; then 128, 128, 32,
 * 160 and 32). The records of generated files and builds, which had counts only (50,000, 20,000 and 50,000 entries,
 * about 21 MB and still growing after 14 minutes of the long-tail soak), have shares of it too: now about 107, 107,
 * 27, 133 and 27 MB, and 27 MB for each of those three.
 */
export const DEFAULT_MEMORY_CACHE_BYTES = 480 * 1024 * 1024;

/**
 * The share of the machine's memory the caches of all processes take together by default. Outside its caches a CDN
 * process holds some 500 MB and a data API process some 350 MB (the long-tail soak): with the default of 480 MB each,
 * two cores' processes needed about 4 GB, and a smaller machine ran out of memory unless the operator lowered it.
 */
const MACHINE_SHARE = 0.25;
const MIN_MEMORY_CACHE_BYTES = 16 * 1024 * 1024;

/** The memory this machine gives the product: its own, or its container's limit when that is lower. */
export function machineMemoryBytes(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 ? Math.min(limit, os.totalmem()) : os.totalmem();
}

/**
 * The launcher's default for each of `processes` processes with caches (the CDN's and the data API's) on a machine
 * (or in a container) of `machineBytes`: a quarter of it shared between them, at most DEFAULT_MEMORY_CACHE_BYTES
 * each and at least 16 MB.
 */
export function machineMemoryCacheBytes(machineBytes: number, processes: number): number {
  const share = Math.floor((machineBytes * MACHINE_SHARE) / Math.max(1, processes));
  return Math.max(MIN_MEMORY_CACHE_BYTES, Math.min(DEFAULT_MEMORY_CACHE_BYTES, share));
}

/**
 * Shares out of 18: the versions and the documents between a fifth and a quarter each, the hot files over a
 * quarter. The warm answers replay the hot files' bodies without a copy, so their share holds only what the rest
 * of an answer takes (about 1 kB each) and the bodies of answers not read from there. A record of a generated
 * file or a build takes a few hundred bytes: a share holds tens of thousands.
 */
const SHARES: Record<keyof MemoryCacheBudgets, number> = {
  versionsBytes: 4,
  npmDocumentsBytes: 4,
  npmFullDocumentsBytes: 1,
  hotFilesBytes: 5,
  warmAnswersBytes: 1,
  generatedFilesBytes: 1,
  esmBuildsBytes: 1,
  keptBuildsBytes: 1,
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
    generatedFilesBytes: part(SHARES.generatedFilesBytes),
    esmBuildsBytes: part(SHARES.esmBuildsBytes),
    keptBuildsBytes: part(SHARES.keptBuildsBytes),
  };
}
