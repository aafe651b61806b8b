import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCatalog } from './npmCatalog.ts';
import { isNpmName, npmNameProblem } from './npmName.ts';

test('npm names: valid ones (capitals of old packages too) pass, others say why', () => {
  assert.equal(npmNameProblem('left-pad'), null);
  assert.equal(npmNameProblem('@scope/pkg'), null);
  assert.equal(isNpmName('JSONStream'), true);
  assert.match(String(npmNameProblem('bad name')), /URL-friendly/);
  assert.equal(isNpmName('.hidden'), false);
  assert.equal(isNpmName(''), false);
});

test('the catalog: columns found by name, rows without a name skipped, downloads that are not numbers count as 0', () => {
  const tsv = ['downloads_a_month\tname\tdescription\tversion', '10\tleft-pad\tPads\t1.3.0', '5\t\tnameless\t1.0.0', 'many\tsemver\t\t7.0.0', ''].join('\n');
  assert.deepEqual(parseCatalog(tsv), [
    { name: 'left-pad', version: '1.3.0', downloads: 10, description: 'Pads' },
    { name: 'semver', version: '7.0.0', downloads: 0, description: '' },
  ]);
  assert.throws(() => parseCatalog('name\tversion\n'), /no "downloads_a_month" column/);
});
