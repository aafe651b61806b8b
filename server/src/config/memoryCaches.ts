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
}

/** One cache's bytes against its budget, as `/metrics` reports it. */
export interface MemoryCacheFigure {
  /** The cache's name, as the label shows it: `versions`, `hot_files`. */
  cache: string;
  /** What it holds now, as it counts its entries against its budget. */
  bytes: number;
  budgetBytes: number;
}

/**
 * The default of a process on its own (tests, `--one-process`), and the most a launcher gives each of its processes
 * by default: what the caches had each before they shared one figure (128, 128, 32, 128 and 64 MB; now 128, 128, 32, 160 and 32).
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
 * Shares out of 15: the versions and the documents a little over a quarter each, the hot files a third. The
 * warm answers replay the hot files' bodies without a copy, so their share holds only what the rest
 * of an answer takes (about 1 kB each) and the bodies of answers not read from there.
 */
const SHARES: Record<keyof MemoryCacheBudgets, number> = {
  versionsBytes: 4,
  npmDocumentsBytes: 4,
  npmFullDocumentsBytes: 1,
  hotFilesBytes: 5,
  warmAnswersBytes: 1,
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
