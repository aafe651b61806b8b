/**
 * What the install block offers to copy: the URL, the HTML tag and, for ESM, the import statement with the
 * import name.
 */
import { ESM_FILE, importNameOf, moduleImportTag, scriptTag, stylesheetTag } from '@skylift/shared/links';
import type { PackageEntrypoints, PackageType } from '@skylift/shared';
import type { InstallType } from './installType';

export interface InstallSnippet {
  label: string;
  url: string;
  html: string;
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
): InstallSnippet[] {
  const base = baseUrl(cdnUrl, type, name, version);
  if (installType === 'esm') {
    const url = `${base}${ESM_FILE}`;
    return [{ label: 'ESM', url, html: moduleImportTag(url, importNameOf(name)) }];
  }
  const snippets: InstallSnippet[] = [];
  if (entrypoints?.js) {
    const url = `${base}${entrypoints.js.file}`;
    snippets.push({ label: 'JS', url, html: scriptTag(url) });
  }
  if (entrypoints?.css) {
    const url = `${base}${entrypoints.css.file}`;
    snippets.push({ label: 'CSS', url, html: stylesheetTag(url) });
  }
  return snippets;
}
