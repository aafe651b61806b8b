/**
 * The Content-Type of a served file. A CDN must not host web pages: HTML, XHTML, XML (which can carry
 * XHTML), SVG with scripts and other active content go out as text/plain so a browser never runs them
 * in our origin.
 */
import mime from 'mime-types';

export const TEXT_PLAIN = 'text/plain; charset=utf-8';
export const JAVASCRIPT = 'application/javascript; charset=utf-8';

const BY_EXTENSION: Record<string, string> = {
  js: JAVASCRIPT,
  mjs: JAVASCRIPT,
  cjs: JAVASCRIPT,
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  wasm: 'application/wasm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  // TypeScript sources: mime-db calls .ts an MPEG transport stream.
  ts: TEXT_PLAIN,
  mts: TEXT_PLAIN,
  cts: TEXT_PLAIN,
  tsx: TEXT_PLAIN,
  jsx: TEXT_PLAIN,
  md: 'text/markdown; charset=utf-8',
};

const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'application/xml',
  'text/xml',
  'text/xsl',
  'application/xslt+xml',
  'application/x-shockwave-flash',
  'application/vnd.wap.xhtml+xml',
  'message/rfc822',
  'application/x-httpd-php',
  'text/x-component',
  'application/hta',
  'application/mathml+xml',
  'application/rdf+xml',
]);

const ACTIVE_EXTENSIONS = new Set(['html', 'htm', 'shtml', 'xhtml', 'xht', 'xml', 'xsl', 'xslt', 'mht', 'mhtml', 'hta', 'htc', 'swf', 'svgz', 'php', 'rdf']);

function extensionOf(filePath: string): string {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isSvg(filePath: string): boolean {
  return extensionOf(filePath) === 'svg';
}

/** True when an SVG could run script if opened directly: scripts, event handlers, javascript: URLs, embedded HTML. */
export function svgHasActiveContent(content: string): boolean {
  return /<script[\s>/]|\son[a-z]+\s*=|javascript\s*:|<foreignObject[\s>/]|<iframe[\s>/]|<embed[\s>/]|<object[\s>/]|<!ENTITY|xlink:href\s*=\s*["']?\s*data:/i.test(content);
}

/**
 * `svgActive` is only consulted for SVG files: true (or unknown) serves them as text/plain.
 */
export function contentTypeFor(filePath: string, svgActive = true): string {
  const ext = extensionOf(filePath);
  if (ext === '') return TEXT_PLAIN;
  if (ext === 'svg') return svgActive ? TEXT_PLAIN : 'image/svg+xml';
  if (ACTIVE_EXTENSIONS.has(ext)) return TEXT_PLAIN;
  const known = Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
  if (known) return known;
  const looked = mime.lookup(ext);
  if (!looked) return 'application/octet-stream';
  if (ACTIVE_TYPES.has(looked) || looked.includes('xml')) return TEXT_PLAIN;
  return mime.contentType(looked) || looked;
}

const INCOMPRESSIBLE = /^(image\/(png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)|font\/woff2?|video\/|audio\/|application\/(zip|gzip|x-gzip|x-bzip2|x-xz|x-7z-compressed|x-rar-compressed|octet-stream|pdf|x-tar))/;

/** Whether gzip or brotli would make this type smaller; already compressed formats are sent as they are. */
export function isCompressible(contentType: string): boolean {
  return !INCOMPRESSIBLE.test(contentType);
}
