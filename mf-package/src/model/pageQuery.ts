/**
 * The package page's query parameters: `tab` (readme, files, stats; readme is the default and
 * leaves the parameter out), `version`, `path` (slash-separated directories of the file browser) and `slide`
 * (`collection` shows the second slide).
 */
export type PackageTab = 'readme' | 'files' | 'stats';
export const PACKAGE_TABS: readonly PackageTab[] = ['readme', 'files', 'stats'];

export interface PageQuery {
  tab: PackageTab;
  version: string | null;
  path: string[];
  slide: 'package' | 'collection';
}

export function readPageQuery(params: URLSearchParams): PageQuery {
  const tab = params.get('tab');
  return {
    tab: (PACKAGE_TABS as readonly string[]).includes(tab ?? '') ? (tab as PackageTab) : 'readme',
    version: params.get('version') || null,
    path: (params.get('path') ?? '').split('/').filter((segment) => segment !== ''),
    slide: params.get('slide') === 'collection' ? 'collection' : 'package',
  };
}

/** The search parameters for a changed query: defaults are left out so addresses stay short and canonical. */
export function writePageQuery(current: URLSearchParams, change: Partial<PageQuery>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null): void => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  if (change.tab !== undefined) set('tab', change.tab === 'readme' ? null : change.tab);
  if (change.version !== undefined) set('version', change.version);
  if (change.path !== undefined) set('path', change.path.join('/'));
  if (change.slide !== undefined) set('slide', change.slide === 'collection' ? 'collection' : null);
  return next;
}
