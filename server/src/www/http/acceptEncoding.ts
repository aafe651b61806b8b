/** The content codings a build ships precompressed siblings for, in order of preference. */
export type PrecompressedEncoding = 'br' | 'gzip';

const PREFERENCE: readonly PrecompressedEncoding[] = ['br', 'gzip'];

/** Parses Accept-Encoding (with q-values) and returns the acceptable codings we can serve, best first. */
export function acceptedEncodings(header: string | undefined): PrecompressedEncoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (match) weight = Number(match[1]);
    }
    if (name) q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = q.get('*');
  return PREFERENCE.filter((encoding) => (q.get(encoding) ?? wildcard ?? 0) > 0).sort(
    (a, b) => (q.get(b) ?? wildcard ?? 0) - (q.get(a) ?? wildcard ?? 0),
  );
}

export const FILE_SUFFIX: Record<PrecompressedEncoding, string> = { br: '.br', gzip: '.gz' };
