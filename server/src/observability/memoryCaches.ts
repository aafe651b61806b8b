/**
 * Each in-memory cache's bytes against its budget, on `/metrics`: `skylift_memory_cache_bytes{cache}` and
 * `skylift_memory_cache_budget_bytes{cache}`. A process's resident memory grows while its caches fill and is
 * flat once they are full; these show which part is which. Caches live in several layers (the package layer's
 * versions and documents, the CDN's hot files and warm answers) and report here through one pair of gauges
 * per registry, read when scraped.
 */
import type { Registry } from 'prom-client';
import { scrapedGauge } from './scrapedGauge.ts';
import type { MemoryCacheFigure } from '../config/memoryCaches.ts';

export type MemoryCacheSource = () => readonly MemoryCacheFigure[];

export interface MemoryCaches {
  /** Adds caches to report; their figures are read at each scrape. */
  add(source: MemoryCacheSource): void;
}

export function memoryCacheGauges(registry: Registry): MemoryCaches {
  const sources: MemoryCacheSource[] = [];
  const figures = (): MemoryCacheFigure[] => sources.flatMap((source) => source());
  scrapedGauge(registry, {
    name: 'skylift_memory_cache_bytes',
    help: 'Bytes an in-memory cache holds, as it counts them against its budget.',
    label: 'cache',
    read: () => figures().map(({ cache, bytes }) => [cache, bytes] as const),
  });
  scrapedGauge(registry, {
    name: 'skylift_memory_cache_budget_bytes',
    help: 'The memory an in-memory cache may hold (SKYLIFT_MEMORY_CACHE_BYTES, shared between the caches).',
    label: 'cache',
    read: () => figures().map(({ cache, budgetBytes }) => [cache, budgetBytes] as const),
  });
  return { add: (source) => void sources.push(source) };
}
