/**
 * The boot document: everything the shell needs before its first paint — the runtime configuration, the
 * remotes manifest, every remote's page declarations and the site content. The web server writes it into
 * the HTML it returns (a `<script type="application/json">`, which browsers never run), so the shell reads it
 * synchronously and makes no request before painting. It is also served as `/boot.json` for a shell that
 * did not come from the web server (its dev server).
 *
 * Pure data and pure functions, but for `readBootDocument`: the web server imports this module too.
 */
import { parseRuntimeConfig, type RuntimeConfig } from '../config/runtimeConfigShape';
import { parseSiteContent, type SiteContent } from '../content/siteContent';
import { parseRemotePages, parseRemotesManifest, type RemotePages, type RemotesManifest } from '@skylift/shared/pages';

export interface BootDocument {
  config: RuntimeConfig;
  /** Remote name to the URL of its mf-manifest.json, in the order its pages are matched. */
  remotes: RemotesManifest;
  /** The page declarations of the remotes, in the order of `remotes`; a remote whose declaration was never read is absent. */
  pages: RemotePages[];
  content: SiteContent;
}

export const BOOT_ELEMENT_ID = 'skylift-boot';
export const BOOT_DOCUMENT_PATH = '/boot.json';

export class BootDocumentError extends Error {
  override name = 'BootDocumentError';
}

export function parseBootDocument(value: unknown, baseUrl: string): BootDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BootDocumentError('The boot document is not a JSON object.');
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record['pages'])) throw new BootDocumentError('The boot document has no list "pages".');
  return {
    config: parseRuntimeConfig(record['config']),
    remotes: parseRemotesManifest(record['remotes'], baseUrl),
    pages: record['pages'].map((pages) => parseRemotePages(pages)),
    content: parseSiteContent(record['content']),
  };
}

/**
 * JSON safe to place inside a `<script>` element: no `</script>`, no `<!--`, and no line separators that
 * older parsers read as line ends.
 */
export function serialiseForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function bootScriptTag(boot: BootDocument): string {
  return `<script id="${BOOT_ELEMENT_ID}" type="application/json">${serialiseForScript(boot)}</script>`;
}

/**
 * The boot document of this page: from the element the web server wrote, or, where the page has none,
 * from `/boot.json`.
 */
export async function readBootDocument(doc: Document = document, fetchImpl: typeof fetch = fetch): Promise<BootDocument> {
  const inline = readInlineBootDocument(doc);
  if (inline) return inline;
  const response = await fetchImpl(BOOT_DOCUMENT_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new BootDocumentError(`The boot document could not be loaded (HTTP ${response.status}).`);
  return parseBootDocument(await response.json(), doc.location?.href ?? 'http://localhost/');
}

/** The boot document the web server wrote into this page, or null when there is none. */
export function readInlineBootDocument(doc: Document = document): BootDocument | null {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return null;
  let value: unknown;
  try {
    value = JSON.parse(element.textContent);
  } catch {
    throw new BootDocumentError('The boot document in the page is not valid JSON.');
  }
  return parseBootDocument(value, doc.location?.href ?? 'http://localhost/');
}
