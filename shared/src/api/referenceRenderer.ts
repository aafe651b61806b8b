/**
 * The renderer of API references: Scalar's standalone browser build, drawing the data API's own contract
 * (`/docs` on the data service) and another API's contract in the website's frame. It is loaded through our
 * own CDN at an exact version with its SRI hash, so that nothing is installed for one browser file and the
 * browser refuses a file that is not the one reviewed. To move to another version, change the version, run
 * `node --import tsx server/scripts/checkReferenceRenderer.ts` (it prints the published file's hash) and pin
 * the hash it prints.
 */
import { escapeHtml } from '../format/escapeHtml';

export const REFERENCE_RENDERER_PACKAGE = '@scalar/api-reference';
export const REFERENCE_RENDERER_VERSION = '1.72.1';
/** The build that needs no module loader and no other file (styles included). */
export const REFERENCE_RENDERER_FILE = 'dist/browser/standalone.js';
export const REFERENCE_RENDERER_INTEGRITY = 'sha384-U11tb2XnKvmwt8RlTvnwUnYgrN+ur4Xyh9htLhjajWNR/Oyl5AX5DEz00qRmlrmK';

/** Its path on the CDN: one exact address, so a Content-Security-Policy can allow it and nothing else of the CDN. */
export const REFERENCE_RENDERER_PATH = `/npm/${REFERENCE_RENDERER_PACKAGE}@${REFERENCE_RENDERER_VERSION}/${REFERENCE_RENDERER_FILE}`;

export function referenceRendererUrl(cdnUrl: string): string {
  return `${cdnUrl.replace(/\/+$/, '')}${REFERENCE_RENDERER_PATH}`;
}

/** Its script element. `crossorigin` because a browser checks a hash only on a CORS response (the CDN allows every origin). */
export function referenceRendererScript(cdnUrl: string): string {
  return `<script src="${escapeHtml(referenceRendererUrl(cdnUrl))}" integrity="${REFERENCE_RENDERER_INTEGRITY}" crossorigin="anonymous"></script>`;
}
