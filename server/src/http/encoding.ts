/** The content codings our services send (the CDN's stored variants, the data API's answers), and how one is chosen. */
export type Encoding = 'br' | 'gzip';

/**
 * Brotli first, then gzip, among the encodings the client accepts with a non-zero quality. Hand-written: our
 * preference wins over the client's q-values (the variants are precomputed), which negotiators do not offer.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (name: string): number => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}
