/**
 * Figures of the package layer for /metrics: upstream fetches (count, outcome, latency) and cache lookups.
 * Metrics go into the registry the service passes; a store built without one keeps private figures.
 */
import { Counter, Histogram, Registry } from 'prom-client';

export type Upstream = 'npm' | 'github' | 'wordpress';
export type FetchKind = 'document' | 'tarball' | 'api' | 'archive' | 'file' | 'listing';
export type FetchOutcome = 'ok' | 'not_found' | 'error' | 'timeout';
export type CacheName = 'document' | 'version';
export type CacheResult = 'hit' | 'miss' | 'stale';

export interface PackageMetrics {
  upstreamFetch(upstream: Upstream, kind: FetchKind, outcome: FetchOutcome, seconds: number): void;
  cacheLookup(cache: CacheName, result: CacheResult): void;
}

/** The registry's metric of that name, made by `create` when it has none. */
export function reuse<T>(registry: Registry, name: string, create: () => T): T {
  // Two stores in one process may share a registry (several services, tests): register each metric once.
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

export function createPackageMetrics(registry: Registry = new Registry()): PackageMetrics {
  const fetches = reuse(
    registry,
    'package_upstream_fetches_total',
    () =>
      new Counter({
        name: 'package_upstream_fetches_total',
        help: 'Requests to an upstream (npm registry, GitHub), by what was fetched and how it ended.',
        labelNames: ['upstream', 'kind', 'outcome'] as const,
        registers: [registry],
      }),
  );
  const latency = reuse(
    registry,
    'package_upstream_fetch_duration_seconds',
    () =>
      new Histogram({
        name: 'package_upstream_fetch_duration_seconds',
        help: 'Time until an upstream answered (headers for documents, the whole download for archives).',
        labelNames: ['upstream', 'kind'] as const,
        buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers: [registry],
      }),
  );
  const lookups = reuse(
    registry,
    'package_cache_lookups_total',
    () =>
      new Counter({
        name: 'package_cache_lookups_total',
        help: 'Lookups in the package caches: hit, miss (fetched upstream) or stale (served while the upstream is unreachable).',
        labelNames: ['cache', 'result'] as const,
        registers: [registry],
      }),
  );
  return {
    upstreamFetch(upstream, kind, outcome, seconds) {
      fetches.inc({ upstream, kind, outcome });
      latency.observe({ upstream, kind }, seconds);
    },
    cacheLookup(cache, result) {
      lookups.inc({ cache, result });
    },
  };
}
