// The licence check (licences.mjs) on fixture trees written here, and on the project's own tree.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { checkLicences, classify, readExceptions } from './licences.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project folder with this lock's packages and, for `installed`, their package.json on disk. */
function tree(packages, installed = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'licences-'));
  dirs.push(dir);
  const lock = { name: 'fixture', lockfileVersion: 3, packages: { '': { name: 'fixture', license: 'MIT', workspaces: ['app'] }, ...packages } };
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
  for (const [key, manifest] of Object.entries(installed)) {
    mkdirSync(path.join(dir, key), { recursive: true });
    writeFileSync(path.join(dir, key, 'package.json'), JSON.stringify(manifest));
  }
  return dir;
}

const app = { app: { name: 'app', version: '1.0.0', license: 'MIT' }, 'node_modules/app': { resolved: 'app', link: true } };

describe('licence check', () => {
  it('fails on an AGPL package a workspace depends on, naming it and its licence', () => {
    const dir = tree({
      ...app,
      'node_modules/left-pad': { version: '1.0.0', license: 'MIT' },
      'node_modules/ua-parser-js': { version: '2.0.10', license: 'AGPL-3.0-or-later' },
    });
    const { problems } = checkLicences(dir, []);
    assert.deepEqual(problems, ['ua-parser-js@2.0.10 (node_modules/ua-parser-js) is AGPL-3.0-or-later, a copyleft licence.']);
  });

  it('finds a copyleft package however deep it is installed, and GPL, LGPL, SSPL and EUPL alike', () => {
    const dir = tree({
      'node_modules/a': { version: '1.0.0', license: 'GPL-2.0-only' },
      'node_modules/b/node_modules/@scope/c': { version: '2.0.0', license: 'LGPL-3.0' },
      'node_modules/d': { version: '1.0.0', license: 'SSPL-1.0' },
      'node_modules/e': { version: '1.0.0', license: 'EUPL-1.2' },
      'node_modules/f': { version: '1.0.0', license: 'GPL-2.0 WITH Classpath-exception-2.0' },
    });
    const { problems } = checkLicences(dir, []);
    assert.equal(problems.length, 5, problems.join('\n'));
    assert.ok(problems.includes('@scope/c@2.0.0 (node_modules/b/node_modules/@scope/c) is LGPL-3.0, a copyleft licence.'));
  });

  it('passes a copyleft package only development needs', () => {
    const dir = tree({ 'node_modules/gpl-tool': { version: '1.0.0', license: 'GPL-3.0', dev: true } });
    assert.deepEqual(checkLicences(dir, []).problems, []);
  });

  it('fails on an unknown or missing licence, reading the installed package.json when the lock has none', () => {
    const dir = tree(
      {
        'node_modules/custom': { version: '1.0.0', license: 'SEE LICENSE IN LICENSE.txt' },
        'node_modules/closed': { version: '1.0.0', license: 'UNLICENSED' },
        'node_modules/silent': { version: '1.0.0' },
        'node_modules/old-style': { version: '1.0.0' },
      },
      { 'node_modules/silent': { name: 'silent' }, 'node_modules/old-style': { name: 'old-style', licenses: [{ type: 'MIT' }] } },
    );
    assert.deepEqual(checkLicences(dir, []).problems, [
      'custom@1.0.0 (node_modules/custom) is "SEE LICENSE IN LICENSE.txt", not a licence known to be permissive.',
      'closed@1.0.0 (node_modules/closed) is "UNLICENSED", not a licence known to be permissive.',
      'silent@1.0.0 (node_modules/silent) states no licence.',
    ]);
  });

  it('passes a choice that includes a permissive licence, and fails a combination that includes a copyleft one', () => {
    assert.equal(classify('(MIT OR GPL-3.0)'), 'permissive');
    assert.equal(classify('(MPL-2.0 OR Apache-2.0)'), 'permissive');
    assert.equal(classify('Apache-2.0 AND MIT'), 'permissive');
    assert.equal(classify('MIT AND GPL-3.0-only'), 'copyleft');
    assert.equal(classify('MPL-2.0'), 'copyleft');
    assert.equal(classify('(MIT OR Commercial)'), 'permissive');
    assert.equal(classify('Commercial'), 'unknown');
    assert.equal(classify('MIT AND'), 'unknown');
  });

  it('accepts a listed exception with its reason, for the package and its platform builds under that licence only', () => {
    const dir = tree(
      {
        'node_modules/css-tool': { version: '1.0.0', license: 'MPL-2.0', optionalDependencies: { 'css-tool-linux-x64': '1.0.0' } },
        'node_modules/css-tool-linux-x64': { version: '1.0.0', license: 'MPL-2.0', optional: true },
        'node_modules/css-tool-darwin-arm64': { version: '1.0.0', optional: true, os: ['darwin'] },
        'node_modules/other-mpl': { version: '1.0.0', license: 'MPL-2.0' },
      },
      {},
    );
    const exceptions = [{ package: 'css-tool', licence: 'MPL-2.0', reason: 'used unmodified' }];
    const result = checkLicences(dir, exceptions);
    assert.deepEqual(result.problems, ['other-mpl@1.0.0 (node_modules/other-mpl) is MPL-2.0, a copyleft licence.']);
    assert.equal(result.notInstalled, 1, 'the build for another platform is not installed here');
    // The same package under another licence is not covered.
    const relicensed = tree({ 'node_modules/css-tool': { version: '2.0.0', license: 'AGPL-3.0' } });
    assert.equal(checkLicences(relicensed, exceptions).problems.length, 2);
  });

  it('fails on an exception nothing needs any more', () => {
    const dir = tree({ 'node_modules/a': { version: '1.0.0', license: 'MIT' } });
    assert.deepEqual(checkLicences(dir, [{ package: 'gone', licence: 'MPL-2.0', reason: 'was needed once' }]).problems, [
      'licence-exceptions.json: gone (MPL-2.0) is not in the tree with that licence: remove the entry.',
    ]);
  });

  it('fails on a required package that is not installed and whose lock entry names no licence', () => {
    const dir = tree({ 'node_modules/missing': { version: '1.0.0' } });
    assert.deepEqual(checkLicences(dir, []).problems, [
      'missing@1.0.0 (node_modules/missing) is not installed and its lock entry names no licence: run npm ci.',
    ]);
  });

  it('passes the project’s own production tree, every exception with a reason', () => {
    const result = checkLicences(root, readExceptions());
    assert.deepEqual(result.problems, []);
    assert.ok(result.checked > 100, `${result.checked} packages checked`);
  });
});
