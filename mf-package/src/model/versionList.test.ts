import { groupVersions, matchesVersionPrefix, releaseOf, sortVersions, versionItems } from './versionList';

const labels = (items: ReturnType<typeof versionItems>) => items.map((item) => ('label' in item ? item.label : '---'));

// As a registry lists them: in publish order, canaries named by commit hash then build date.
const REACT_LIKE = [
  '0.14.0',
  '17.0.2',
  '18.0.0-rc.0',
  '18.0.0-rc.1',
  '18.0.0',
  '18.2.0',
  '18.3.1',
  '180.0.0',
  '19.0.0',
  '19.3.0-canary-ffffffff-20250101',
  '19.3.0-canary-00000000-20251003',
  '19.3.0-canary-88888888-20250601',
  '0.0.0-experimental-abc-20250101',
  '19.3.0',
  '18.10.0',
];

describe('version list', () => {
  test('releases newest first by semver, each followed by its prereleases, canaries by build date', () => {
    expect(sortVersions(REACT_LIKE)).toEqual([
      '180.0.0',
      '19.3.0',
      '19.3.0-canary-00000000-20251003',
      '19.3.0-canary-88888888-20250601',
      '19.3.0-canary-ffffffff-20250101',
      '19.0.0',
      '18.10.0',
      '18.3.1',
      '18.2.0',
      '18.0.0',
      '18.0.0-rc.1',
      '18.0.0-rc.0',
      '17.0.2',
      '0.14.0',
      '0.0.0-experimental-abc-20250101',
    ]);
  });

  test('prereleases are folded under their release until asked for', () => {
    const groups = groupVersions(REACT_LIKE);
    const folded = labels(versionItems(groups, '', { expanded: new Set() }));
    expect(folded.slice(0, 4)).toEqual(['180.0.0', '19.3.0', 'Show 3 prereleases of 19.3.0', '19.0.0']);
    expect(folded).not.toContain('18.0.0-rc.0');
    // A release with only prereleases published still gets its group.
    expect(folded.at(-1)).toBe('Show 1 prerelease of 0.0.0');

    const unfolded = labels(versionItems(groups, '', { expanded: new Set(['19.3.0']) }));
    expect(unfolded.slice(0, 7)).toEqual([
      '180.0.0',
      '19.3.0',
      'Hide prereleases of 19.3.0',
      '19.3.0-canary-00000000-20251003',
      '19.3.0-canary-88888888-20250601',
      '19.3.0-canary-ffffffff-20250101',
      '19.0.0',
    ]);
  });

  test('a number filter finds that major first, not 180.x nor canaries containing it', () => {
    const items = labels(versionItems(groupVersions(REACT_LIKE), '18', { expanded: new Set() }));
    expect(items.slice(0, 6)).toEqual(['18.10.0', '18.3.1', '18.2.0', '18.0.0', 'Show 2 prereleases of 18.0.0', '180.0.0']);
    expect(labels(versionItems(groupVersions(REACT_LIKE), '18.2', { expanded: new Set() }))[0]).toBe('18.2.0');
  });

  test('a filter naming a prerelease shows the matching prereleases unfolded', () => {
    const items = labels(versionItems(groupVersions(REACT_LIKE), 'rc', { expanded: new Set() }));
    expect(items).toEqual(['18.0.0-rc.1', '18.0.0-rc.0']);
    expect(labels(versionItems(groupVersions(REACT_LIKE), '19.3.0-canary', { expanded: new Set() }))).toHaveLength(3);
  });

  test('prefix matching respects part boundaries and a leading v', () => {
    expect(matchesVersionPrefix('18.2.0', '18')).toBe(true);
    expect(matchesVersionPrefix('180.0.0', '18')).toBe(false);
    expect(matchesVersionPrefix('18.2.0', 'v18.2')).toBe(true);
    expect(matchesVersionPrefix('18.20.0', '18.2')).toBe(false);
    expect(matchesVersionPrefix('1.0.0-beta.1', '1.0.0-be')).toBe(true);
  });

  test('versions that are not semver are kept at the end', () => {
    expect(sortVersions(['1.0.0', 'latest-build', '2.0.0'])).toEqual(['2.0.0', '1.0.0', 'latest-build']);
    expect(releaseOf('19.3.0-canary-1')).toBe('19.3.0');
    expect(releaseOf('19.3.0')).toBeNull();
  });
});
