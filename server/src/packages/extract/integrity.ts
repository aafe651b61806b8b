/**
 * Checking a downloaded archive against the registry's integrity fields (`dist.integrity`, a subresource
 * integrity string, or the older `dist.shasum`), hashing while the bytes stream by.
 */
import crypto from 'node:crypto';

export interface ExpectedDigest {
  algorithm: 'sha512' | 'sha384' | 'sha256' | 'sha1';
  /** The digest in base64. */
  base64: string;
}

const STRENGTH = ['sha512', 'sha384', 'sha256', 'sha1'] as const;

/** The strongest digest named by `integrity`, else the `shasum`, else null (nothing to check). */
export function expectedDigest(integrity: string | undefined, shasum: string | undefined): ExpectedDigest | null {
  if (integrity) {
    const parts = integrity
      .trim()
      .split(/\s+/)
      .map((part) => /^(sha512|sha384|sha256|sha1)-([A-Za-z0-9+/=]+)(?:\?.*)?$/.exec(part));
    for (const algorithm of STRENGTH) {
      const match = parts.find((m) => m?.[1] === algorithm);
      if (match) return { algorithm, base64: match[2]! };
    }
  }
  if (shasum && /^[0-9a-f]{40}$/i.test(shasum)) return { algorithm: 'sha1', base64: Buffer.from(shasum, 'hex').toString('base64') };
  return null;
}

export function digestChecker(expected: ExpectedDigest | null): { update(chunk: Buffer): void; matches(): boolean } {
  if (!expected) return { update: () => undefined, matches: () => true };
  const hash = crypto.createHash(expected.algorithm);
  return {
    update: (chunk) => void hash.update(chunk),
    matches: () => hash.digest('base64') === expected.base64,
  };
}
