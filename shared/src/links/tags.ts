/**
 * HTML for a CDN URL: `.js` -> a script tag, `.css` -> a stylesheet link, `+esm` -> a module
 * import; other files have no HTML form and are used by their plain URL. SRI adds
 * `integrity="sha256-{hash}" crossorigin="anonymous"` (or the whole integrity value given, as `sha384-...`).
 */
import { escapeHtml } from '@skylift/shared/format';
import type { FileKind } from './types';

/** The integrity attribute value for a base64 sha256 hash (the file listings' hashes), or a whole one as given (`sha384-...`). */
export function integrityOf(hash: string): string {
  return /^sha(?:256|384|512)-/.test(hash) ? hash : `sha256-${hash}`;
}

function sriAttributes(hash: string | null | undefined): string {
  return hash ? ` integrity="${escapeHtml(integrityOf(hash))}" crossorigin="anonymous"` : '';
}

export function scriptTag(url: string, hash?: string | null): string {
  return `<script src="${escapeHtml(url)}"${sriAttributes(hash)}></script>`;
}

export function stylesheetTag(url: string, hash?: string | null): string {
  return `<link rel="stylesheet" href="${escapeHtml(url)}"${sriAttributes(hash)}>`;
}

export function moduleImportTag(url: string, importName: string): string {
  return `<script type="module"> import ${importName} from '${url.replace(/'/g, '%27')}' </script>`;
}

/**
 * A module import with integrity: the module preloaded with its `sha384-...` (the browser refuses other bytes,
 * and the import takes the preloaded module), then imported. Only for a pinned URL, whose bytes never change.
 */
export function pinnedModuleTags(url: string, integrity: string, importName: string): string {
  return `<link rel="modulepreload" href="${escapeHtml(url)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous">\n${moduleImportTag(url, importName)}`;
}

/** Whether a kind of file has an HTML form ("Copy HTML" is offered only then). */
export function hasHtmlForm(kind: FileKind): boolean {
  return kind !== 'other';
}

/**
 * The HTML for a URL of the given kind, or `null` when the file has none. `hash` (SRI) applies to scripts
 * and stylesheets; a module import carries integrity only at a build's pinned URL (`pinnedModuleTags`).
 */
export function htmlFor(url: string, kind: FileKind, options: { hash?: string | null; importName?: string } = {}): string | null {
  switch (kind) {
    case 'js':
      return scriptTag(url, options.hash);
    case 'css':
      return stylesheetTag(url, options.hash);
    case 'esm':
      return moduleImportTag(url, options.importName ?? 'm');
    default:
      return null;
  }
}
