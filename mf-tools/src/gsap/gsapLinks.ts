/**
 * GSAP links: the version part follows the aliasing (Static the exact version, Minor
 * major.minor, Major the major, Latest none); UMD links name the file, ESM links the CDN's `+esm` build.
 */
import type { FileTreeEntry } from '@skylift/shared';
import { aliasVersion, type VersionAlias } from '@skylift/shared/links';

export const PACKAGE = 'gsap';

export const ALIASINGS: ReadonlyArray<{ label: string; alias: VersionAlias }> = [
  { label: 'Static', alias: 'exact' },
  { label: 'Minor', alias: 'minor' },
  { label: 'Major', alias: 'major' },
  { label: 'Latest', alias: 'none' },
];
/** Minor is the default aliasing (index 1). */
export const DEFAULT_ALIASING = 1;

/** How the aliasing reads for a version: "Minor (3.12.x)", "Latest". */
export function aliasingLabel(index: number, version: string | null): string {
  const { label, alias } = ALIASINGS[index]!;
  if (!version || alias === 'none') return label;
  const [major, minor] = version.split('.');
  const shown = alias === 'exact' ? version : alias === 'minor' ? `${major}.${minor}.x` : `${major}.x.x`;
  return `${label} (${shown})`;
}

export function packageBase(cdnUrl: string, version: string, aliasing: number): string {
  const aliased = aliasVersion(version, ALIASINGS[aliasing]!.alias);
  return `${cdnUrl.replace(/\/+$/, '')}/npm/${PACKAGE}${aliased === null ? '' : `@${aliased}`}`;
}

/** The core file: the package's JS entry point (UMD), or its module build (ESM). */
export function coreUrl(base: string, coreFile: string, esm: boolean): string {
  return esm ? `${base}/+esm` : `${base}${coreFile.startsWith('/') ? coreFile : `/${coreFile}`}`;
}

export function pluginUrl(base: string, file: string, esm: boolean): string {
  return esm ? `${base}/dist/${file}/+esm` : `${base}/dist/${file}`;
}

/** The minified plugin files at the top of the package's dist folder, the core file excluded, by name. */
export function pluginFiles(tree: readonly FileTreeEntry[], coreFile: string | null): Array<{ name: string; file: string }> {
  const dist = tree.find((entry) => entry.type === 'directory' && entry.name === 'dist');
  if (!dist || dist.type !== 'directory') return [];
  const core = coreFile?.split('/').pop();
  return dist.files
    .filter(
      (entry) => entry.type === 'file' && entry.name.endsWith('.min.js') && entry.name !== core && entry.name !== 'gsap.min.js' && entry.name !== 'all.min.js',
    )
    .map((entry) => ({ name: entry.name.replace(/\.min\.js$/, ''), file: entry.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
