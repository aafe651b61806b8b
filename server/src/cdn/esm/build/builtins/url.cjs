// Browser stand-in for Node's "url": the WHATWG classes the browser already has, file URL helpers, and the
// legacy parse/format/resolve that request libraries still call (stream-http's `http.get('http://...')`).
'use strict';
module.exports = function urlStandIn(packageLabel) {
  const PARTS = /^(?:([a-z][a-z0-9+.-]*:))?(?:(\/\/)(?:([^@/?#]*)@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/i;
  function Url() {
    for (const key of ['protocol', 'slashes', 'auth', 'host', 'port', 'hostname', 'hash', 'search', 'query', 'pathname', 'path', 'href']) this[key] = null;
  }
  function parse(input, parseQueryString) {
    if (input instanceof Url) return input;
    const text = String(input).trim();
    const parsed = new Url();
    const match = PARTS.exec(text) || [];
    parsed.protocol = match[1] ? match[1].toLowerCase() : null;
    parsed.slashes = match[2] ? true : null;
    parsed.auth = match[3] !== undefined ? decodeURIComponent(match[3]) : null;
    parsed.hostname = match[2] ? (match[4] || '').toLowerCase().replace(/^\[|\]$/g, '') : null;
    parsed.port = match[5] || null;
    parsed.host = match[2] ? (match[4] || '').toLowerCase() + (parsed.port ? `:${parsed.port}` : '') : null;
    parsed.pathname = match[6] || (parsed.slashes ? '/' : null);
    parsed.search = match[7] || null;
    parsed.query = parseQueryString
      ? Object.fromEntries(new URLSearchParams(parsed.search ? parsed.search.slice(1) : ''))
      : parsed.search
        ? parsed.search.slice(1)
        : null;
    parsed.hash = match[8] || null;
    parsed.path = (parsed.pathname || '') + (parsed.search || '') || null;
    parsed.href = format(parsed);
    return parsed;
  }
  function format(value) {
    if (typeof value === 'string') return format(parse(value));
    if (value instanceof URL) return value.href;
    const protocol = value.protocol ? (value.protocol.endsWith(':') ? value.protocol : `${value.protocol}:`) : '';
    const hostname = value.hostname && value.hostname.includes(':') ? `[${value.hostname}]` : value.hostname;
    const host = value.host || (hostname ? hostname + (value.port ? `:${value.port}` : '') : '');
    const auth = value.auth ? `${encodeURIComponent(value.auth).replace(/%3A/i, ':')}@` : '';
    const slashes = value.slashes || host || /^(https?|ftp|gopher|file|wss?):$/.test(protocol) ? '//' : '';
    let search = value.search || '';
    if (!search && value.query && typeof value.query === 'object') {
      const query = new URLSearchParams(value.query).toString();
      if (query) search = `?${query}`;
    }
    if (search && !search.startsWith('?')) search = `?${search}`;
    const hash = value.hash ? (value.hash.startsWith('#') ? value.hash : `#${value.hash}`) : '';
    let pathname = value.pathname || '';
    if (host && pathname && !pathname.startsWith('/')) pathname = `/${pathname}`;
    return protocol + (slashes ? `//${auth}${host}` : '') + pathname + search + hash;
  }
  function resolve(from, to) {
    // A base without a scheme resolves as a path on a stand-in origin, which is then left out again.
    const base = new URL(from, 'resolve://base/');
    const resolved = new URL(to, base);
    return resolved.protocol === 'resolve:' ? resolved.href.slice('resolve://base'.length) : resolved.href;
  }
  return {
    URL: globalThis.URL,
    URLSearchParams: globalThis.URLSearchParams,
    Url,
    parse,
    format,
    resolve,
    fileURLToPath(url) {
      const u = typeof url === 'string' ? new URL(url) : url;
      if (u.protocol !== 'file:') {
        const error = new TypeError(
          `The URL must be of scheme file (got ${u.href}). In a browser a module's URL is its web address, not a file: ${packageLabel} needs the file system path of its files, which browsers do not have.`,
        );
        error.code = 'ERR_INVALID_URL_SCHEME';
        throw error;
      }
      return decodeURIComponent(u.pathname);
    },
    pathToFileURL(path) {
      return new URL('file://' + encodeURI(path));
    },
  };
};
