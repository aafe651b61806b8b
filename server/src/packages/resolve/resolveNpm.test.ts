import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import semver from 'semver';
import { parseNpmDocument } from '../npm/npmDocument.ts';
import { pickPreferred } from './pickVersion.ts';
import { resolveNpmVersion } from './resolveNpm.ts';

const dist = (v: string) => ({ dist: { tarball: `http://registry.invalid/lib/-/lib-${v}.tgz` } });
const doc = parseNpmDocument(
  {
    name: 'lib',
    'dist-tags': { latest: '3.1.0', beta: '4.0.0-beta.2', next: '4.0.0-beta.2' },
    versions: {
      '1.0.0': dist('1.0.0'),
      '2.0.0': dist('2.0.0'),
      '2.1.0': { ...dist('2.1.0'), deprecated: 'broken, use 2.0.0' },
      '3.0.0': dist('3.0.0'),
      '3.1.0': dist('3.1.0'),
      '3.2.0-rc.1': dist('3.2.0-rc.1'),
      '4.0.0-beta.1': dist('4.0.0-beta.1'),
      '4.0.0-beta.2': dist('4.0.0-beta.2'),
      '5.0.0': { ...dist('5.0.0'), deprecated: 'withdrawn' },
      '6.0.0': { ...dist('6.0.0'), deprecated: '' },
      'not-a-version': dist('x'),
    },
  },
  'lib',
)!;

const resolve = (requested: string) => resolveNpmVersion(doc, requested);

describe('npm version resolution', () => {
  it('resolves nothing and `latest` to the latest dist-tag, as an alias', () => {
    assert.deepEqual(resolve(''), { version: '3.1.0', kind: 'alias' });
    assert.deepEqual(resolve('latest'), { version: '3.1.0', kind: 'alias' });
  });

  it('resolves an exact version to itself, with or without a leading v', () => {
    assert.deepEqual(resolve('2.0.0'), { version: '2.0.0', kind: 'version' });
    assert.deepEqual(resolve('v2.0.0'), { version: '2.0.0', kind: 'version' });
    assert.deepEqual(resolve('2.1.0'), { version: '2.1.0', kind: 'version' }, 'a deprecated version asked for exactly is served');
    assert.deepEqual(resolve('4.0.0-beta.1'), { version: '4.0.0-beta.1', kind: 'version' });
  });

  it('answers null for an exact version that was never published', () => {
    assert.equal(resolve('2.0.1'), null);
    assert.equal(resolve('9'), null);
  });

  it('resolves dist-tags', () => {
    assert.deepEqual(resolve('beta'), { version: '4.0.0-beta.2', kind: 'alias' });
    assert.deepEqual(resolve('next'), { version: '4.0.0-beta.2', kind: 'alias' });
    assert.equal(resolve('nightly'), null);
  });

  it('resolves major, minor and caret ranges to the highest match', () => {
    assert.deepEqual(resolve('3'), { version: '3.1.0', kind: 'alias' }, 'a prerelease is not preferred over a release');
    assert.deepEqual(resolve('3.0'), { version: '3.0.0', kind: 'alias' });
    assert.deepEqual(resolve('^3.0.0'), { version: '3.1.0', kind: 'alias' });
    assert.deepEqual(resolve('>=1 <3'), { version: '2.0.0', kind: 'alias' });
    assert.deepEqual(resolve('*'), { version: '6.0.0', kind: 'alias' }, 'an empty deprecation message means not deprecated');
  });

  it('prefers a non-deprecated version when the range allows both', () => {
    assert.deepEqual(resolve('2'), { version: '2.0.0', kind: 'alias' });
    assert.deepEqual(resolve('^2.0.0'), { version: '2.0.0', kind: 'alias' });
  });

  it('falls back to deprecated or prerelease versions when the range allows nothing else', () => {
    assert.deepEqual(resolve('2.1'), { version: '2.1.0', kind: 'alias' });
    assert.deepEqual(resolve('5'), { version: '5.0.0', kind: 'alias' });
    assert.deepEqual(resolve('4'), { version: '4.0.0-beta.2', kind: 'alias' });
    assert.deepEqual(resolve('3.2'), { version: '3.2.0-rc.1', kind: 'alias' });
  });

  it('picks among 20,000 versions as among a few: the best tier, highest first', () => {
    const versions: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) versions[`${Math.floor(i / 100)}.${i % 100}.0`] = dist(String(i));
    // Highest 7.x first: a deprecated prerelease, a prerelease, a deprecated release; then releases.
    versions['7.100.0-rc.2'] = { ...dist('rc.2'), deprecated: 'bad' };
    versions['7.100.0-rc.1'] = dist('rc.1');
    versions['7.99.1'] = { ...dist('7.99.1'), deprecated: 'bad' };
    const large = parseNpmDocument({ name: 'large', 'dist-tags': { latest: '199.99.0' }, versions }, 'large')!;
    assert.deepEqual(resolveNpmVersion(large, '^1.0.0'), { version: '1.99.0', kind: 'alias' });
    assert.deepEqual(resolveNpmVersion(large, '>=199.5.0'), { version: '199.99.0', kind: 'alias' });
    assert.deepEqual(resolveNpmVersion(large, '7'), { version: '7.99.0', kind: 'alias' });
    assert.deepEqual(resolveNpmVersion(large, '>7.99.0 <8'), { version: '7.99.1', kind: 'alias' }, 'a deprecated release before a prerelease');
    assert.deepEqual(resolveNpmVersion(large, '>7.99.1 <8'), { version: '7.100.0-rc.1', kind: 'alias' });
    assert.equal(resolveNpmVersion(large, '^200.0.0'), null);
  });

  it('skips the versions above a range without changing what it picks', () => {
    // Releases, prereleases above and between them (canaries of the next major), builds and deprecations.
    const versions: Record<string, unknown> = {};
    for (const major of [0, 1, 2, 3])
      for (const minor of [0, 1, 2])
        for (const patch of [0, 1, 5]) {
          const v = `${major}.${minor}.${patch}`;
          versions[v] = (major + minor + patch) % 4 === 1 ? { ...dist(v), deprecated: 'old' } : dist(v);
          versions[`${v}-rc.1`] = patch === 5 ? { ...dist(v), deprecated: 'old' } : dist(v);
        }
    for (const v of ['4.0.0-canary.1', '4.0.0-canary.2', '2.0.0-0', '1.2.5+build.7', '10.0.0']) versions[v] = dist(v);
    const many = parseNpmDocument({ name: 'many', 'dist-tags': {}, versions }, 'many')!;
    const ranges = [
      '1',
      '^1.1.0',
      '~2.2',
      '<2',
      '<=2.0.0',
      '<2.0.0-0',
      '<=2.0.0-0',
      '>1.5.0 <2.1.0-0',
      '1.x || 3.0.0-rc.1',
      '2.0.0-rc.1 - 2.0.5',
      '*',
      '>=3',
      '<0.0.2',
      '=1.2.5',
      '1.2.5',
      '1.2.0 - 1.2.5',
      '0.x',
      '<0.0.0',
      '4.0.0-canary.1 || <1.0.0',
      '>=1 <1.1.0 || >=3.1 <3.2',
      '<=1.2.5+build.7',
      '^0.0.1',
      '~0.1.1',
      '>2.2.5',
      '<10',
      '<=10.0.0',
      '<3.0.0-rc.1',
      '1.0.0 || 2.2.5',
    ];
    for (const range of ranges) {
      // What the whole document gives the range, tested version by version.
      const matching = many.order.filter((v) => semver.satisfies(v, range, { includePrerelease: true }));
      const expected = pickPreferred(matching.map((v) => ({ version: v, deprecated: Boolean(many.versions[v]?.deprecated) })));
      assert.equal(resolveNpmVersion(many, range)?.version ?? null, expected, range);
    }
  });

  it('answers null for ranges nothing satisfies and for garbage', () => {
    assert.equal(resolve('^7.0.0'), null);
    assert.equal(resolve('not a range at all'), null);
  });

  it('ignores versions that are not semver and drops dist-tags pointing nowhere', () => {
    assert.ok(!('not-a-version' in doc.versions));
    const partial = parseNpmDocument(
      { name: 'p', 'dist-tags': { latest: '9.9.9' }, versions: { '1.0.0': dist('1.0.0'), '1.1.0-beta.1': dist('1.1.0-beta.1') } },
      'p',
    )!;
    assert.deepEqual(resolveNpmVersion(partial, ''), { version: '1.0.0', kind: 'alias' }, 'without a usable latest tag, the best release');
  });
});
