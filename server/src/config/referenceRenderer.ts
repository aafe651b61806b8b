/**
 * The renderer of API references (`/docs` on the data service, and the website's frame of another API's
 * contract): a browser script that defines `window.Scalar.createApiReference`, loaded with its SRI hash so a
 * browser refuses any other bytes. By default Scalar's standalone build at a pinned version, through our own
 * CDN, so that nothing is installed for one browser file. A deployment may name another copy
 * (`SKYLIFT_REFERENCE_RENDERER_URL`, absolute or a path on the CDN, with `SKYLIFT_REFERENCE_RENDERER_INTEGRITY`):
 * the browser tests use a stand-in from their fixture registry. To move to another version, change the
 * version, run `node --import tsx server/scripts/checkReferenceRenderer.ts` (it prints the published file's
 * hash) and pin the hash it prints.
 */
export const REFERENCE_RENDERER_PACKAGE = '@scalar/api-reference';
export const REFERENCE_RENDERER_VERSION = '1.72.1';
/** The build that needs no module loader and no other file (styles included). */
export const REFERENCE_RENDERER_FILE = 'dist/browser/standalone.js';
export const REFERENCE_RENDERER_INTEGRITY = 'sha384-U11tb2XnKvmwt8RlTvnwUnYgrN+ur4Xyh9htLhjajWNR/Oyl5AX5DEz00qRmlrmK';

/** Its path on the CDN: one exact address, so a Content-Security-Policy can allow it and nothing else of the CDN. */
export const REFERENCE_RENDERER_PATH = `/npm/${REFERENCE_RENDERER_PACKAGE}@${REFERENCE_RENDERER_VERSION}/${REFERENCE_RENDERER_FILE}`;

export interface ReferenceRenderer {
  /** Absolute URL of the script. */
  url: string;
  /** Its SRI hash (`sha384-...`). */
  integrity: string;
}

const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/** The renderer the configuration names, or the pinned one on the CDN at `cdnUrl`. */
export function referenceRendererConfig(env: Record<string, string | undefined>, cdnUrl: string): ReferenceRenderer {
  const cdn = cdnUrl.replace(/\/+$/, '');
  const url = env['SKYLIFT_REFERENCE_RENDERER_URL'];
  const integrity = env['SKYLIFT_REFERENCE_RENDERER_INTEGRITY'];
  if (!url && !integrity) return { url: `${cdn}${REFERENCE_RENDERER_PATH}`, integrity: REFERENCE_RENDERER_INTEGRITY };
  // A script without its hash would run whatever the address serves: both or neither.
  if (!url || !integrity) throw new Error('SKYLIFT_REFERENCE_RENDERER_URL and SKYLIFT_REFERENCE_RENDERER_INTEGRITY are set together.');
  if (!INTEGRITY.test(integrity)) throw new Error(`SKYLIFT_REFERENCE_RENDERER_INTEGRITY is no SRI hash (sha384-...): ${integrity}`);
  const absolute = url.startsWith('/') ? `${cdn}${url}` : url;
  // It goes into Content-Security-Policy headers as it is, where a space, comma or semicolon would end it.
  if (!/^https?:\/\/[^\s,;]+$/.test(absolute)) throw new Error(`SKYLIFT_REFERENCE_RENDERER_URL is neither an http(s) URL nor a path on the CDN: ${url}`);
  return { url: new URL(absolute).href, integrity };
}
