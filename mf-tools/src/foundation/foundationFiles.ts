/**
 * Which Foundation versions and files the page offers: versions in x.y.z form above major
 * 5; files under /dist/ ending in .js or .css, named by their minified name (the CDN minifies on request),
 * each once, with the default minified JS and CSS first.
 */
import type { FlatFile } from '@skylift/shared';
import type { LinkDescriptor } from '@skylift/shared/links';

export const PACKAGE = 'foundation-sites';
export const MAJOR_CUTOFF = 5;
const DEFAULT_JS = '/dist/js/foundation.min.js';
const DEFAULT_CSS = '/dist/css/foundation.min.css';

export function foundationVersions(versions: readonly string[]): string[] {
  return versions.filter((version) => /^\d+\.\d+\.\d+$/.test(version) && Number(version.split('.')[0]) > MAJOR_CUTOFF);
}

const minName = (name: string): string => (/\.min\.(js|css)$/.test(name) ? name : name.replace(/\.(js|css)$/, '.min.$1'));

export function distFiles(files: readonly FlatFile[], version: string): LinkDescriptor[] {
  const byName = new Map<string, LinkDescriptor>();
  for (const file of files) {
    if (!/^\/dist\/.*\.(js|css)$/.test(file.name)) continue;
    const name = minName(file.name);
    const isRealMin = name === file.name;
    const existing = byName.get(name);
    // The hash is the served file's only when the package ships the minified file itself; a name the
    // CDN minifies on request has no hash to pin, so it gets no integrity attribute.
    if (!existing || isRealMin) byName.set(name, { type: 'npm', name: PACKAGE, version, file: name, hash: isRealMin ? file.hash : null });
  }
  const list = [...byName.values()];
  const rank = (d: LinkDescriptor): number => (d.file === DEFAULT_JS ? 0 : d.file === DEFAULT_CSS ? 1 : 2);
  return list
    .map((d, index) => ({ d, index }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.index - b.index)
    .map(({ d }) => d);
}
