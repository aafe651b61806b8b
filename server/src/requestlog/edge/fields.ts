/** Small field readers shared by the edge formats: each gives null for a value it cannot trust. */
import type { RequestLogLine } from '../line.ts';

export type CacheAnswer = NonNullable<RequestLogLine['cache']>;

/** A time as ISO 8601 UTC: from an ISO/RFC 3339 string, or from a number of epoch seconds, milliseconds or nanoseconds. */
export function isoTime(value: unknown): string | null {
  let ms: number;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Cloudflare's `unixnano` (the default), milliseconds (Bunny) or seconds (`unix`), told apart by size.
    ms = value > 1e17 ? value / 1e6 : value > 1e11 ? value : value * 1000;
  } else if (typeof value === 'string' && value !== '') {
    if (/^\d+$/.test(value)) return isoTime(Number(value));
    ms = Date.parse(value);
  } else return null;
  if (!Number.isFinite(ms)) return null;
  const date = new Date(Math.floor(ms));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An HTTP status code, from a number or a string of digits. */
export function httpStatus(value: unknown): number | null {
  const status = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : null;
}

/** A byte count; a missing one is 0 (the request still counts). */
export function byteCount(value: unknown): number | null {
  if (value === undefined || value === null || value === '' || value === '-') return 0;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

/** A two-letter country code, upper case; the providers' placeholders for unknown places (XX, T1 for Tor) are none. */
export function countryCode(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value)) return null;
  const code = value.toUpperCase();
  return code === 'XX' || code === 'T1' ? null : code;
}

/** A header value as logged: '-' and '' mean none; bounded like the origin's. */
export function headerText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && value !== '-' ? value.slice(0, 512) : null;
}

/** A logged URL, bounded: longer ones are not requests the CDN would answer. */
export function urlText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && value.length <= 4096 ? value : null;
}

/** One line of a JSON log (NDJSON): its object, or null when the line is not a JSON object. */
export function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
