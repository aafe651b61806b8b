/**
 * Which image addresses the proxy may fetch: http(s) only, no credentials in the address, and a host the
 * configuration lists (`*.example.org` for its subdomains). An entry without a port stands for the scheme's
 * own port, so a listed host cannot be used to reach its other services.
 */

export type ImageTarget = { ok: true; url: URL } | { ok: false; status: 400 | 403; message: string };

export class AllowedImageHosts {
  private readonly exact = new Set<string>();
  private readonly suffixes: string[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (entry.startsWith('*.')) this.suffixes.push(entry.slice(1));
      else this.exact.add(entry);
    }
  }

  /** Whether an address's host (and port) is one the proxy fetches from. */
  allows(url: URL): boolean {
    const host = url.hostname.toLowerCase();
    const withPort = url.port ? `${host}:${url.port}` : host;
    if (this.exact.has(withPort)) return true;
    return this.suffixes.some((suffix) => withPort.endsWith(suffix) && withPort.length > suffix.length);
  }

  /** Reads an address given to the proxy: a 400 for one that is not an http(s) image address, a 403 for a host not listed. */
  check(raw: string, base?: URL): ImageTarget {
    let url: URL;
    try {
      url = base ? new URL(raw, base) : new URL(raw);
    } catch {
      return { ok: false, status: 400, message: `"${raw.slice(0, 200)}" is not an absolute http(s) address.` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, status: 400, message: `Only http and https images are proxied, not ${url.protocol}` };
    if (url.username || url.password) return { ok: false, status: 400, message: 'An image address with credentials in it is not proxied.' };
    url.hash = '';
    if (!this.allows(url))
      return { ok: false, status: 403, message: `Images from ${url.host} are not proxied: the host is not in the image proxy's allowed list.` };
    return { ok: true, url };
  }
}
