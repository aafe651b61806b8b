/**
 * Whether an npm or GitHub file came from our cache or had to be fetched upstream for this request, for
 * the request log (and so the measured cache hit rate of the origin). The package layer reports every
 * lookup of its version cache to the `package_cache_lookups_total` counter of the registry it is given;
 * the CDN registers that counter itself, so each lookup is also told to the request that caused it,
 * found through the async context the request's handler runs in.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Counter, type Registry } from 'prom-client';
import type { CdnRequestContext } from './requestContext.ts';

const currentRequest = new AsyncLocalStorage<CdnRequestContext>();

/** Runs a handler so that cache lookups made on its behalf are recorded on its request context. */
export function withCacheOutcome<T>(request: { cdn: CdnRequestContext }, handler: () => T): T {
  return currentRequest.run(request.cdn, handler);
}

type LookupLabels = { cache?: string | number; result?: string | number };

function record(labels: LookupLabels): void {
  if (labels.cache !== 'version') return;
  const ctx = currentRequest.getStore();
  if (!ctx) return;
  const result = labels.result;
  // One miss makes the request a miss (its bytes came from upstream), whatever else it found cached.
  if (result === 'miss') ctx.cache = 'miss';
  else if (result === 'stale' && ctx.cache !== 'miss') ctx.cache = 'stale';
  else if (result === 'hit' && ctx.cache === null) ctx.cache = 'hit';
}

/** Call before the package layer is created on this registry; the package layer then reuses the counter. */
export function observeCacheLookups(registry: Registry): void {
  if (registry.getSingleMetric('package_cache_lookups_total')) return;
  const counter = new Counter({
    name: 'package_cache_lookups_total',
    help: 'Lookups in the package caches: hit, miss (fetched upstream) or stale (served while the upstream is unreachable).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  // prom-client assigns `inc` on the instance in its constructor, so the instance's function is wrapped.
  const count = counter.inc.bind(counter) as (...args: unknown[]) => void;
  counter.inc = ((...args: unknown[]) => {
    const [labels] = args;
    if (typeof labels === 'object' && labels !== null) record(labels as LookupLabels);
    count(...args);
  }) as typeof counter.inc;
}
