/**
 * Bunny CDN's raw request log (the pipe-separated lines of its logging API v1 and of Permanent Log
 * Storage): twelve fields, FORMAT.md gives their order and mapping.
 */
import type { RequestLogLine } from '../line.ts';
import { byteCount, countryCode, headerText, httpStatus, isoTime, urlText, type CacheAnswer } from './fields.ts';
import { urlFields } from './url.ts';

const FIELDS = 12;
const CACHE: Record<string, CacheAnswer> = { HIT: 'hit', REVALIDATED: 'hit', MISS: 'miss', STALE: 'stale', UPDATING: 'stale' };

export function parseBunnyLine(text: string): Omit<RequestLogLine, 'provider'> | null {
  const parts = text.replace(/\r$/, '').split('|');
  if (parts.length < FIELDS) return null;
  // A user agent may itself contain '|': everything between the URL's two neighbours on each side is it.
  const [cacheStatus, statusText, timestamp, bytesSent, , , , url, , ...tail] = parts;
  const country = tail.pop();
  tail.pop(); // request id
  const ua = tail.join('|');
  const t = isoTime(/^\d+$/.test(timestamp ?? '') ? Number(timestamp) : null);
  const status = httpStatus(statusText);
  const bytes = byteCount(bytesSent);
  const path = urlText(url);
  if (!t || status === null || bytes === null || !path) return null;
  const cache = (cacheStatus ?? '').toUpperCase();
  return {
    v: 1,
    t,
    ...urlFields(path),
    status,
    bytes,
    country: countryCode(country),
    ua: headerText(ua),
    proxy: null,
    cache: Object.hasOwn(CACHE, cache) ? CACHE[cache]! : null,
  };
}
