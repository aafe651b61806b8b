/**
 * The purge form's validation, run on every edit: URLs separated by newlines or commas,
 * trimmed, empties dropped; at most 10; each an http or https URL of our CDN. Only the path part is sent.
 */
export const MAX_URLS = 10;
export const TOO_MANY_URLS = 'Allowed up to 10 URLs - one per line';
export const INVALID_URLS = 'Invalid URLs!';
export const PLACEHOLDER = 'Enter up to 10 URLs - one per line';

export interface PurgeInput {
  /** The CDN paths to purge, in the order given; empty while the input is not valid. */
  paths: string[];
  /** The error text to show, or null. */
  error: string | null;
  /** Whether "Purge now" may be pressed. */
  valid: boolean;
}

export function splitUrls(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The path of `url` below our CDN's base URL, or null when it is not one of our CDN's URLs. */
export function cdnPathOf(url: string, cdnUrl: string): string | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(cdnUrl);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.host.toLowerCase() !== base.host.toLowerCase() || parsed.username || parsed.password) return null;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix && !parsed.pathname.startsWith(`${prefix}/`)) return null;
  const path = parsed.pathname.slice(prefix.length);
  return path.length > 1 ? path : null;
}

export function validatePurgeInput(text: string, cdnUrl: string): PurgeInput {
  const urls = splitUrls(text);
  if (urls.length > MAX_URLS) return { paths: [], error: TOO_MANY_URLS, valid: false };
  const paths = urls.map((url) => cdnPathOf(url, cdnUrl));
  if (paths.some((path) => path === null)) return { paths: [], error: INVALID_URLS, valid: false };
  return { paths: paths as string[], error: null, valid: paths.length > 0 };
}
