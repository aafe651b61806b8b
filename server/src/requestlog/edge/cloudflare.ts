/**
 * Cloudflare Logpush, dataset `http_requests`, output NDJSON (one JSON object per line). FORMAT.md lists
 * the fields read and how each maps to a request-log field.
 */
import type { RequestLogLine } from '../line.ts';
import { byteCount, countryCode, headerText, httpStatus, isoTime, jsonObject, type CacheAnswer, urlText } from './fields.ts';
import { urlFields } from './url.ts';

/** CacheCacheStatus values: served from Cloudflare's cache, fetched from us, or served expired. */
const CACHE: Record<string, CacheAnswer> = {
  hit: 'hit',
  stream_hit: 'hit',
  revalidated: 'hit',
  miss: 'miss',
  expired: 'miss',
  stale: 'stale',
  updating: 'stale',
};

export function parseCloudflareLine(text: string): Omit<RequestLogLine, 'provider'> | null {
  const o = jsonObject(text);
  if (!o) return null;
  const t = isoTime(o['EdgeStartTimestamp']);
  const status = httpStatus(o['EdgeResponseStatus']);
  const url = urlText(o['ClientRequestURI']) ?? urlText(o['ClientRequestPath']);
  const bytes = byteCount(o['EdgeResponseBodyBytes'] ?? o['EdgeResponseBytes']);
  if (!t || status === null || !url || bytes === null) return null;
  const cache = typeof o['CacheCacheStatus'] === 'string' ? o['CacheCacheStatus'].toLowerCase() : '';
  return {
    v: 1,
    t,
    ...urlFields(url),
    status,
    bytes,
    country: countryCode(o['ClientCountry']),
    ua: headerText(o['ClientRequestUserAgent']),
    proxy: null,
    cache: Object.hasOwn(CACHE, cache) ? CACHE[cache]! : null,
  };
}
