/**
 * The Content-Type of a served file, and whether it may go out without the sandbox policy. A CDN must not
 * host web pages: HTML and its relatives go out as text/plain. Every other type keeps its name, and
 * whatever is not on a short list of types a browser only ever uses as a subresource (scripts, styles,
 * JSON, fonts, raster images, WebAssembly) carries SANDBOX_POLICY: opened directly or framed, an SVG or an
 * XML document renders with no script, no plugin, no request and an opaque origin, whatever it contains.
 */
import mime from 'mime-types';
import { TEXT_PLAIN } from '../../http/contentTypes.ts';

export { TEXT_PLAIN };
export const JAVASCRIPT = 'application/javascript; charset=utf-8';

/** Sent with every file whose type is not passive (SANDBOX_FREE_TYPES). */
export const SANDBOX_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

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
  svg: 'image/svg+xml',
  // TypeScript sources: mime-db calls .ts an MPEG transport stream.
  ts: TEXT_PLAIN,
  mts: TEXT_PLAIN,
  cts: TEXT_PLAIN,
  tsx: TEXT_PLAIN,
  jsx: TEXT_PLAIN,
  md: 'text/markdown; charset=utf-8',
};

/** Document types a browser renders as a page in our origin: sent as text, never under their own name. */
const PAGE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'application/vnd.wap.xhtml+xml',
  'message/rfc822',
  'application/x-httpd-php',
  'text/x-component',
  'application/hta',
]);
const PAGE_EXTENSIONS = new Set(['html', 'htm', 'shtml', 'xhtml', 'xht', 'mht', 'mhtml', 'hta', 'htc', 'php']);

/** Types used as subresources only: they need no sandbox (a policy on a script would only confuse workers). */
const SANDBOX_FREE_TYPES = new Set([
  'application/javascript',
  'text/javascript',
  'text/css',
  'application/json',
  'application/wasm',
  'font/woff',
  'font/woff2',
  'font/ttf',
  'font/otf',
  'application/vnd.ms-fontobject',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/bmp',
]);

function extensionOf(filePath: string): string {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function contentTypeFor(filePath: string): string {
  const ext = extensionOf(filePath);
  if (ext === '') return TEXT_PLAIN;
  if (PAGE_EXTENSIONS.has(ext)) return TEXT_PLAIN;
  const known = Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
  if (known) return known;
  const looked = mime.lookup(ext);
  if (!looked) return 'application/octet-stream';
  if (PAGE_TYPES.has(looked)) return TEXT_PLAIN;
  return mime.contentType(looked) || looked;
}

/** Whether a file of this type must carry SANDBOX_POLICY. */
export function needsSandbox(contentType: string): boolean {
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return !SANDBOX_FREE_TYPES.has(essence);
}

const INCOMPRESSIBLE =
  /^(image\/(png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)|font\/woff2?|video\/|audio\/|application\/(zip|gzip|x-gzip|x-bzip2|x-xz|x-7z-compressed|x-rar-compressed|octet-stream|pdf|x-tar))/;

/** Whether gzip or brotli would make this type smaller; already compressed formats are sent as they are. */
export function isCompressible(contentType: string): boolean {
  return !INCOMPRESSIBLE.test(contentType);
}
