/**
 * The ES-module demo: import a module straight from our CDN's `+esm` build and say how long it took, and
 * whether it came over the network or was still cached. A second run finds the module in the page's module
 * map (no request at all); a run after a reload may find it in the HTTP cache (a request with nothing
 * transferred). Neither takes exactly 0 ms, so "cached" is decided from what the browser fetched, the way its
 * network panel shows it, not from the time.
 */
import { ESM_DEMO_MODULE_PATH, ESM_DEMO_PACKAGE } from '@skylift/shared/esm';

/** The site's policy allows this one module of the CDN (the shared constant), and no other. */
export const DEMO_PACKAGE = ESM_DEMO_PACKAGE;
/** The demo stops after 4 seconds. */
export const DEMO_DURATION_MS = 4000;

export const demoModuleUrl = (cdnUrl: string): string => `${cdnUrl.replace(/\/+$/, '')}${ESM_DEMO_MODULE_PATH}`;

export function loadTimeLabel(cached: boolean): string {
  return cached ? 'still cached' : 'loaded from the CDN';
}

/** The resource timing entries of one URL, as the browser records them (none where it keeps no timeline). */
function resourceEntries(url: string): PerformanceResourceTiming[] {
  if (typeof performance.getEntriesByName !== 'function') return [];
  return performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
}

/** URLs this page has imported already: the module map answers them again without a request. */
const importedUrls = new Set<string>();

/**
 * Whether an import of `url` was answered without a transfer: no new request was made (the module map), or
 * the request that was made transferred nothing (the HTTP cache; our CDN sends Timing-Allow-Origin, so the
 * sizes are visible across origins).
 */
export function wasCached(url: string, entriesBefore: number, importedBefore: boolean): boolean {
  const entries = resourceEntries(url);
  const fresh = entries.slice(entriesBefore);
  if (fresh.length === 0) return importedBefore || entries.length > 0;
  const last = fresh[fresh.length - 1]!;
  return last.transferSize === 0 && last.decodedBodySize > 0;
}

export interface Confetti {
  (options?: Record<string, unknown>): unknown;
  reset?: () => void;
}

/** Imports the module at run time, outside the bundle (the URL comes from configuration). */
export async function importDemoModule(url: string): Promise<{ confetti: Confetti; ms: number; cached: boolean }> {
  const entriesBefore = resourceEntries(url).length;
  const importedBefore = importedUrls.has(url);
  const started = performance.now();
  const module = (await import(/* webpackIgnore: true */ url)) as { default?: unknown };
  const ms = Math.round(performance.now() - started);
  importedUrls.add(url);
  if (typeof module.default !== 'function') throw new Error('The demo module has no default export.');
  return { confetti: module.default as Confetti, ms, cached: wasCached(url, entriesBefore, importedBefore) };
}
