/**
 * Whether an npm or GitHub file came from our cache or had to be fetched upstream for this request, for
 * the request log (and so the measured cache hit rate of the origin). The package layer tells every lookup
 * of its caches to `recordCacheLookup` (its `onCacheLookup` option), which finds the request that caused it
 * through the async context the request's handler runs in.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CacheName, CacheResult } from '../../packages/upstream/metrics.ts';
import type { CdnRequestContext } from './requestContext.ts';

const currentRequest = new AsyncLocalStorage<CdnRequestContext>();

/** Runs a handler so that cache lookups made on its behalf are recorded on its request context. */
export function withCacheOutcome<T>(request: { cdn: CdnRequestContext }, handler: () => T): T {
  return currentRequest.run(request.cdn, handler);
}

/** Records a lookup of the version cache on the request whose handler caused it. */
export function recordCacheLookup(cache: CacheName, result: CacheResult): void {
  if (cache !== 'version') return;
  const ctx = currentRequest.getStore();
  if (!ctx) return;
  // One miss makes the request a miss (its bytes came from upstream), whatever else it found cached.
  if (result === 'miss') ctx.cache = 'miss';
  else if (result === 'stale' && ctx.cache !== 'miss') ctx.cache = 'stale';
  else if (result === 'hit' && ctx.cache === null) ctx.cache = 'hit';
}
