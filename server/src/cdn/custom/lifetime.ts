/**
 * How long a file of a custom endpoint may be cached. A path that names an exact version (`/v0.27.7/`,
 * `inter@5.0.1/`) never changes: immutable, as exact npm versions are. Anything else lives as long as the
 * project's own host says, bounded to between one minute and seven days (the longest any cache waits).
 */
export const MIN_LIFETIME_S = 60;
export const MAX_LIFETIME_S = 7 * 24 * 3600;
/** When the upstream gives no lifetime at all. */
export const DEFAULT_LIFETIME_S = 12 * 3600;

const EXACT_VERSION = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

export function isVersionedPath(path: string): boolean {
  return path.split('/').some((segment) => {
    if (EXACT_VERSION.test(segment)) return true;
    const at = segment.lastIndexOf('@');
    return at > 0 && EXACT_VERSION.test(segment.slice(at + 1));
  });
}

/** Seconds from the upstream's Cache-Control (s-maxage, then max-age) or Expires, bounded. */
export function upstreamLifetime(headers: Headers, now = Date.now()): number {
  const cacheControl = headers.get('cache-control') ?? '';
  if (/(^|,)\s*(no-store|no-cache|private)\s*(,|$)/i.test(cacheControl)) return MIN_LIFETIME_S;
  const directive = (name: string): number | null => {
    const match = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)"?`, 'i').exec(cacheControl);
    return match ? Number(match[1]) : null;
  };
  let seconds = directive('s-maxage') ?? directive('max-age');
  if (seconds === null) {
    const expires = Date.parse(headers.get('expires') ?? '');
    seconds = Number.isFinite(expires) ? Math.round((expires - now) / 1000) : DEFAULT_LIFETIME_S;
  }
  return Math.min(MAX_LIFETIME_S, Math.max(MIN_LIFETIME_S, seconds));
}

export function cacheControlFor(versioned: boolean, lifetimeSeconds: number): string {
  if (versioned) return 'public, max-age=31536000, s-maxage=31536000, immutable';
  return `public, max-age=${lifetimeSeconds}, s-maxage=${lifetimeSeconds}`;
}
