/**
 * What the install block offers to copy: the URL, the HTML tag and, for ESM, the import statement with the
 * import name; with integrity (SRI) where the bytes behind the URL can never change: a static file of the
 * exact version shown (its SHA-384, from the entry points), or an `+esm` build at its pinned URL (the CDN's
 * `?meta`). The convenient `+esm` URL and alias versions never carry integrity: their bytes may change.
 */
import { ESM_FILE, importNameOf, moduleImportTag, pinnedModuleTags, scriptTag, stylesheetTag, type PinnedBuild } from '@skylift/shared/links';
import type { PackageEntrypoints, PackageType } from '@skylift/shared';
import type { InstallType } from './installType';

export interface InstallSnippet {
  label: string;
  url: string;
  html: string;
  /** The HTML with integrity, when the URL's bytes are fixed and their hash known; else null. */
  sriHtml: string | null;
}

export interface SnippetOptions {
  /** The linked version is the exact version the entry points describe (not an alias, not another version). */
  exact: boolean;
  /** The `+esm` build's pinned URL and integrity, once the CDN told them. */
  pinned?: PinnedBuild | null;
}

function baseUrl(cdnUrl: string, type: PackageType, name: string, version: string | null): string {
  return `${cdnUrl.replace(/\/+$/, '')}/${type}/${name}${version ? `@${version}` : ''}`;
}

export function installSnippets(
  cdnUrl: string,
  type: PackageType,
  name: string,
  version: string | null,
  installType: InstallType,
  entrypoints: PackageEntrypoints['entrypoints'] | null,
  options: SnippetOptions = { exact: false },
): InstallSnippet[] {
  const base = baseUrl(cdnUrl, type, name, version);
  if (installType === 'esm') {
    const url = `${base}${ESM_FILE}`;
    const pinned = options.exact ? options.pinned : null;
    return [
      {
        label: 'ESM',
        url,
        html: moduleImportTag(url, importNameOf(name)),
        sriHtml: pinned ? pinnedModuleTags(pinned.url, pinned.integrity, importNameOf(name)) : null,
      },
    ];
  }
  const snippets: InstallSnippet[] = [];
  const integrity = (entry: { integrity?: string }): string | null => (options.exact && entry.integrity ? entry.integrity : null);
  if (entrypoints?.js) {
    const url = `${base}${entrypoints.js.file}`;
    const sri = integrity(entrypoints.js);
    snippets.push({ label: 'JS', url, html: scriptTag(url), sriHtml: sri ? scriptTag(url, sri) : null });
  }
  if (entrypoints?.css) {
    const url = `${base}${entrypoints.css.file}`;
    const sri = integrity(entrypoints.css);
    snippets.push({ label: 'CSS', url, html: stylesheetTag(url), sriHtml: sri ? stylesheetTag(url, sri) : null });
  }
  return snippets;
}
