// Browser stand-in for Node's "url": the WHATWG classes the browser already has, and file URL helpers.
'use strict';
module.exports = {
  URL: globalThis.URL,
  URLSearchParams: globalThis.URLSearchParams,
  fileURLToPath(url) {
    const u = typeof url === 'string' ? new URL(url) : url;
    if (u.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
    return decodeURIComponent(u.pathname);
  },
  pathToFileURL(path) {
    return new URL('file://' + encodeURI(path));
  },
};
