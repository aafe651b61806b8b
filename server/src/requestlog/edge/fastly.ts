/**
 * Fastly real-time log streaming in the JSON format FORMAT.md gives (a log format string of Fastly's
 * documented VCL variables, one JSON object per line).
 */
import type { RequestLogLine } from '../line.ts';
import { byteCount, countryCode, headerText, httpStatus, isoTime, jsonObject, type CacheAnswer, urlText } from './fields.ts';
import { urlFields } from './url.ts';

/** fastly_info.state, by its leading word: HIT-STALE served expired; HIT* from cache; MISS* fetched from us. */
function cacheOf(state: unknown): CacheAnswer | null {
  if (typeof state !== 'string') return null;
  const upper = state.toUpperCase();
  if (upper.startsWith('HIT-STALE')) return 'stale';
  if (upper.startsWith('HIT')) return 'hit';
  if (upper.startsWith('MISS')) return 'miss';
  return null;
}

export function parseFastlyLine(text: string): Omit<RequestLogLine, 'provider'> | null {
  const o = jsonObject(text);
  if (!o) return null;
  const t = isoTime(o['time']);
  const status = httpStatus(o['status']);
  const url = urlText(o['url']);
  const bytes = byteCount(o['bytes']);
  if (!t || status === null || !url || bytes === null) return null;
  return {
    v: 1,
    t,
    ...urlFields(url),
    status,
    bytes,
    country: countryCode(o['country']),
    ua: headerText(o['ua']),
    proxy: null,
    cache: cacheOf(o['state']),
  };
}
