/**
 * The links the page shows for a selection, built with the shared link builder: tags or
 * URLs, SRI where the file's hash is known, one combined link per kind when grouping, the minified name,
 * the major-only version, and the module import of the package's `+esm` build.
 */
import { combinedUrl, fileKindOf, fileUrl, htmlFor, importNameOf, type LinkDescriptor } from '@skylift/shared/links';
import { PACKAGE } from './foundationFiles';

export interface LinkOptions {
  tag: boolean;
  sri: boolean;
  group: boolean;
  minify?: boolean;
  majorOnly?: boolean;
  esm?: boolean;
}

export function buildLinks(cdnUrl: string, files: readonly LinkDescriptor[], version: string, options: LinkOptions): string[] {
  const urlOptions = { minify: options.minify ?? false, majorOnly: options.majorOnly ?? false };
  // An integrity attribute pins one exact file: not a minified-on-request name, not a version alias.
  const sri = options.sri && options.tag && !urlOptions.minify && !urlOptions.majorOnly;
  const lines: string[] = [];
  for (const kind of ['js', 'css'] as const) {
    const ofKind = files.filter((file) => fileKindOf(file.file) === kind);
    if (ofKind.length === 0) continue;
    if (options.group && ofKind.length > 1) {
      const url = combinedUrl(cdnUrl, ofKind, urlOptions);
      lines.push(options.tag ? (htmlFor(url, kind) ?? url) : url);
      continue;
    }
    for (const file of ofKind) {
      const url = fileUrl(cdnUrl, file, urlOptions);
      lines.push(options.tag ? (htmlFor(url, kind, { hash: sri ? file.hash : null }) ?? url) : url);
    }
  }
  if (options.esm) {
    const url = fileUrl(cdnUrl, { type: 'npm', name: PACKAGE, version, file: '/+esm' }, { majorOnly: urlOptions.majorOnly });
    lines.push(options.tag ? (htmlFor(url, 'esm', { importName: importNameOf(PACKAGE) }) ?? url) : url);
  }
  return lines;
}
