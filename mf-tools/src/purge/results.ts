/** How one path's purge reads in the results list. */
import type { PathStatus } from './purgeClient';

const FAILED = ['Success', 'One provider failed', 'Two providers failed', 'Three providers failed', 'Four providers failed', 'Five providers failed'];

/** Provider codes of the purge status, as the network's providers are named. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = { BN: 'Bunny', CF: 'Cloudflare', FY: 'Fastly', GC: 'GCore' };

export interface PathResult {
  path: string;
  status: string;
  success: boolean;
  throttled: boolean;
  providers: Array<{ code: string; name: string; ok: boolean }>;
  origin: PathStatus['origin'];
}

export function statusText(result: PathStatus): string {
  if (result.throttled) return 'Throttled';
  const failed = Object.values(result.providers).filter((ok) => ok !== true).length;
  return FAILED[failed] ?? `${failed} providers failed`;
}

export function toResults(paths: Record<string, PathStatus>): PathResult[] {
  return Object.entries(paths).map(([path, result]) => {
    const status = statusText(result);
    return {
      path,
      status,
      success: status === 'Success',
      throttled: result.throttled,
      providers: Object.entries(result.providers).map(([code, ok]) => ({ code, name: PROVIDER_NAMES[code] ?? code, ok: ok === true })),
      origin: result.origin,
    };
  });
}
