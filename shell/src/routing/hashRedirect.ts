/**
 * Old addresses of the site kept the page in the hash (`/#!jquery`): a request for / with a hash part goes
 * to /projects/ followed by the hash without its first two characters (spec 001 §2.2).
 */
export function hashRedirectTarget(pathname: string, hash: string): string | null {
  if (pathname !== '/' || hash.length === 0) return null;
  return `/projects/${hash.slice(2)}`;
}
