/**
 * ETags, If-None-Match and byte ranges. ETags are strong, built from the SHA-256 of the bytes (the package
 * layer records it, so nothing is hashed per request); a compressed variant has its own tag with the
 * encoding appended, as RFC 9110 requires for a different representation.
 */
import { ifNoneMatchAccepts } from '../../http/conditional.ts';
import type { Encoding } from '../../http/encoding.ts';

// The negotiation every service that compresses shares.
export { type Encoding, negotiateEncoding } from '../../http/encoding.ts';

export function etagFor(sha256: string, encoding: Encoding | null): string {
  return encoding ? `"${sha256}-${encoding}"` : `"${sha256}"`;
}

/** Weak comparison, as If-None-Match uses: any listed tag of any variant of these bytes matches. */
export function ifNoneMatchMatches(header: string | undefined, sha256: string): boolean {
  return ifNoneMatchAccepts(header, (tag) => tag.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === sha256);
}

export type RangeResult = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range (`a-b`, `a-`, `-n`). Several ranges or a malformed header are ignored, and the whole
 * file is sent, as RFC 9110 allows. Hand-written rather than `range-parser`: only this one-range subset is served.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'none' };
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'none' };
  return { kind: 'range', start, end };
}
