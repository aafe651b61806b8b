/**
 * The names the shell and the remotes import from '@skylift/shared'. Removing or renaming one breaks
 * another package's build, so the list is checked here where the change would be made.
 */
import * as format from './format';
import * as shared from './index';

it('exports the public API', () => {
  const expected = [
    'BRAND',
    'runtimeConfig$',
    'loadRuntimeConfig',
    'getRuntimeConfig',
    'useRuntimeConfig',
    'getJson',
    'getJsonPage',
    'getPackageVersions',
    'getPackageFiles',
    'getPackageFlatFiles',
    'getEntrypoints',
    'getPackageStats',
    'getPackageVersionsStats',
    'getVersionFilesStats',
    'getTopPackages',
    'getTopPackagesCount',
    'getNetworkStats',
    'getNetworkContent',
    'getNetworkCountries',
    'getPeriods',
    'getProxyStats',
    'getProxyFiles',
    'getShareStats',
    'badgeUrl',
    'proxiedImageUrl',
    'formatNumber',
    'formatBytes',
    'formatShort',
    'growthPercent',
    'formatGrowth',
    'Tabs',
    'CopyButton',
    'Notice',
    'Spinner',
    'NearView',
    'useInView',
  ];
  const missing = expected.filter((name) => !(name in shared) || (shared as Record<string, unknown>)[name] === undefined);
  expect(missing).toEqual([]);
});

it('does not re-export the route table, which is imported by path', () => {
  expect('ROUTES' in shared).toBe(false);
});

it('re-exports every name of the formatting entry, which it lists one by one', () => {
  expect(Object.keys(format).filter((name) => !(name in shared))).toEqual([]);
});

it('leaves the dropdown and the periods store to their own entries: the home page and the frame use neither, and the main entry is on every first visit', () => {
  expect('Dropdown' in shared).toBe(false);
  expect('usePeriodOptions' in shared).toBe(false);
});
