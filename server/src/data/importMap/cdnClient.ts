/**
 * The CDN as the data API asks it for `+esm` modules: over HTTP at its public address (the one browsers load
 * the modules from), uncompressed, so that a module's integrity is computed over the very bytes a page gets.
 */
import type { CdnAnswer, CdnFetch } from './moduleGraph.ts';

/** A build is generated on first request: the CDN's own build limit (30 s) plus the way there and back. */
const TIMEOUT_MS = 45_000;
/** The largest module read. */
const MAX_MODULE_BYTES = 20 * 1024 * 1024;

export function httpCdnFetch(cdnUrl: string, fetchImpl: typeof fetch = fetch): CdnFetch {
  return async (path: string): Promise<CdnAnswer> => {
    const response = await fetchImpl(`${cdnUrl}${path}`, {
      headers: { 'accept-encoding': 'identity' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (body.byteLength > MAX_MODULE_BYTES) throw new Error(`${path} is larger than ${MAX_MODULE_BYTES} bytes`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body };
  };
}
