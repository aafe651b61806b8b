/**
 * The heaps of the process's worker threads on `/metrics`, by the module each runs (`../workers/threadHeaps.ts`):
 * `skylift_thread_heap_bytes{thread}` and `skylift_threads{thread}`, read when scraped. Beside prom-client's
 * main-thread heap they tell a process's memory in threads from its native memory.
 */
import type { Registry } from 'prom-client';
import { scrapedGauge } from './scrapedGauge.ts';
import { threadHeaps } from '../workers/threadHeaps.ts';

export function threadHeapGauges(registry: Registry): void {
  scrapedGauge(registry, {
    name: 'skylift_thread_heap_bytes',
    help: "V8 heap of the process's worker threads (physical), by the module they run, as each last stated it.",
    label: 'thread',
    read: () => threadHeaps().map(({ thread, bytes }) => [thread, bytes] as const),
  });
  scrapedGauge(registry, {
    name: 'skylift_threads',
    help: "The process's live worker threads, by the module they run.",
    label: 'thread',
    read: () => threadHeaps().map(({ thread, threads }) => [thread, threads] as const),
  });
}
