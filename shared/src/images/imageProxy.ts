/**
 * The address an image of another host is shown through: the web server's image proxy (`/img?url=...`),
 * so that a visitor's browser talks only to our origins. Pure, so the web server (rewriting readmes) and
 * the pages (avatars) build the same addresses.
 */

/** Where the web server answers the image proxy. */
export const IMAGE_PROXY_PATH = '/img';

/** The runtime configuration's origins the site serves images from itself. */
export interface ImageOrigins {
  wwwUrl: string;
  cdnUrl: string;
  dataApiUrl: string;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * An image address as the site shows it: on our own origins (relative, the website, the CDN, the data API)
 * or `data:` unchanged, another host's http(s) image through the image proxy, anything else (another
 * scheme, a malformed address) null: not shown.
 */
export function proxiedImageUrl(src: string, config: ImageOrigins): string | null {
  const value = src.trim();
  if (value === '') return null;
  if (/^data:image\//i.test(value)) return value;
  const protocolRelative = value.startsWith('//');
  if (!protocolRelative && !/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(protocolRelative ? `https:${value}` : value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const own = [config.wwwUrl, config.cdnUrl, config.dataApiUrl].map(originOf);
  if (own.includes(url.origin)) return url.href;
  return `${trimSlash(config.wwwUrl)}${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url.href)}`;
}
