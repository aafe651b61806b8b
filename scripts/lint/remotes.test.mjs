// The repository's one list of remotes (remotes.json) is what every part reads: the build and the tests
// through scripts/lib/run.mjs, lint (eslint.config.js), jest (jest.config.cjs), e2e (e2e/support/samplePaths.ts)
// and the server's configuration (server/src/config/config.ts). npm alone needs its workspaces written out
// in package.json, so this test holds the two together, and holds each remote to the shape the build expects.
// Run by the lint stage beside the boundary rules: `node --test scripts/lint/remotes.test.mjs`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FRONTEND_WORKSPACES, REMOTES, WORKSPACES } from '../lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

test('remotes.json is a list of distinct remote folder names', () => {
  assert.ok(Array.isArray(REMOTES) && REMOTES.length > 0, 'remotes.json holds a non-empty array');
  for (const remote of REMOTES) assert.match(remote, /^mf-[a-z0-9]+(?:-[a-z0-9]+)*$/, `"${remote}" is named mf-<words>`);
  assert.equal(new Set(REMOTES).size, REMOTES.length, 'no remote is listed twice');
});

test("npm's workspaces in package.json are the workspaces the scripts derive from remotes.json, in order", () => {
  assert.deepEqual(readJson('package.json').workspaces, WORKSPACES);
});

test('every remote folder of the repository is listed, and every listed remote is a workspace of its name', () => {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-') && existsSync(path.join(root, entry.name, 'package.json')))
    .map((entry) => entry.name);
  assert.deepEqual([...folders].sort(), [...REMOTES].sort(), 'the mf-* folders with a package.json are the remotes of remotes.json');
  for (const remote of REMOTES) {
    const pkg = readJson(`${remote}/package.json`);
    assert.equal(pkg.name, `@skylift/${remote}`);
    assert.ok(pkg.scripts?.build, `${remote} has a build script (scripts/build.mjs builds it)`);
    assert.ok(pkg.dependencies?.['@skylift/shared'], `${remote} builds on @skylift/shared`);
  }
});

test('every remote has what the build, jest and the typecheck pick up', () => {
  for (const remote of REMOTES) {
    const webpackConfig = readFileSync(path.join(root, remote, 'webpack.config.js'), 'utf8');
    assert.match(webpackConfig, new RegExp(`name: '${remote}'`), `${remote}/webpack.config.js names the remote`);
    assert.match(webpackConfig, /role: 'remote'/, `${remote}/webpack.config.js builds a remote`);
    assert.match(webpackConfig, /'\.\/pages': '\.\/src\/pages\/index\.ts'/, `${remote} exposes its page declaration`);
    assert.ok(existsSync(path.join(root, remote, 'jest.config.cjs')), `${remote}/jest.config.cjs`);
    assert.ok(existsSync(path.join(root, remote, 'tsconfig.json')), `${remote}/tsconfig.json`);
  }
  assert.deepEqual(FRONTEND_WORKSPACES.slice(2), REMOTES);
});

test('the parts that need the list read remotes.json rather than writing the remotes out again', () => {
  const readers = [
    'eslint.config.js',
    'jest.config.cjs',
    'scripts/lib/run.mjs',
    'e2e/support/samplePaths.ts',
    'server/src/www/runtimeConfig/remotesManifest.ts',
  ];
  for (const file of readers) {
    const source = readFileSync(path.join(root, file), 'utf8');
    assert.match(source, /remotes\.json/, `${file} reads remotes.json`);
    const named = REMOTES.filter((remote) => source.includes(`'${remote}'`));
    assert.ok(named.length <= 1, `${file} names remotes itself: ${named.join(', ')}`);
  }
});
