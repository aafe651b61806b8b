import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { filesUnder, startHarness, type Harness } from './testing/storeHarness.ts';
import { readStoredText } from './storedFile.ts';

const gh = (name: string) => ({ type: 'gh' as const, name });
const TAGGED = 'skylift-fixtures/tagged';
const UNTAGGED = 'skylift-fixtures/untagged';

describe('package store: GitHub', () => {
  let h: Harness;
  let sha: (label: string, repo?: string) => string;
  before(async () => {
    h = await startHarness({ env: { SKYLIFT_GITHUB_TOKEN: 'test-token-123' } });
    sha = (label, repo = 'tagged') => h.github.sha('skylift-fixtures', repo, label);
  });
  after(() => h.close());

  it('resolves refs of every kind', async () => {
    const cases: Array<[string, string, string]> = [
      ['', '1.2.0', 'alias'],
      ['latest', '1.2.0', 'alias'],
      ['v1.0.0', '1.0.0', 'version'],
      ['1.0.0', '1.0.0', 'version'],
      ['1.2.0', '1.2.0', 'version'],
      ['nightly-build', 'nightly-build', 'version'],
      ['1', '1.2.0', 'alias'],
      ['~1.1.0', '1.1.0', 'alias'],
      ['2', '2.0.0-beta.1', 'alias'],
      ['main', 'main', 'branch'],
      ['dev', 'dev', 'branch'],
    ];
    for (const [requested, version, kind] of cases) {
      assert.deepEqual(await h.store.resolve(gh(TAGGED), requested), { type: 'gh', name: TAGGED, requested, version, kind, stale: false }, `@${requested}`);
    }
    const commit = sha('c2');
    assert.deepEqual(await h.store.resolve(gh(TAGGED), commit.toUpperCase()), {
      type: 'gh',
      name: TAGGED,
      requested: commit.toUpperCase(),
      version: commit,
      kind: 'commit',
      stale: false,
    });
  });

  it('resolves a repository without tags to its default branch', async () => {
    assert.deepEqual(await h.store.resolve(gh(UNTAGGED), ''), { type: 'gh', name: UNTAGGED, requested: '', version: 'trunk', kind: 'branch', stale: false });
    assert.equal((await h.store.resolve(gh(UNTAGGED), 'latest')).kind, 'branch');
  });

  it('answers 404 for unknown refs and repositories, 400 for malformed names', async () => {
    await assert.rejects(h.store.resolve(gh(TAGGED), 'no-such-branch'), {
      status: 404,
      message: "Couldn't find the requested release version no-such-branch.",
    });
    await assert.rejects(h.store.resolve(gh(TAGGED), '^9'), { status: 404 });
    await assert.rejects(h.store.resolve(gh('skylift-fixtures/missing'), ''), {
      status: 404,
      message: 'Failed to fetch version info for skylift-fixtures/missing.',
    });
    await assert.rejects(h.store.listing(gh(TAGGED), 'f'.repeat(40)), { status: 404 });
    for (const name of ['no-slash', 'a/b/c', '-bad/repo', 'user/..', 'user/re po']) {
      await assert.rejects(h.store.resolve(gh(name), ''), { status: 400 }, name);
    }
  });

  it('serves the files of a tag, with the archive folder stripped', async () => {
    const listing = await h.store.listing(gh(TAGGED), '1.0.0');
    assert.deepEqual(
      listing.files.map((f) => f.path),
      ['/README.md', '/dist/lib.js', '/dist/lib.min.js', '/package.json', '/src/index.js'],
    );
    assert.equal(listing.default, '/dist/lib.min.js');
    const file = await h.store.file(gh(TAGGED), 'v1.0.0', '/dist/lib.js');
    assert.equal(await readStoredText(file!), "export const version = '1.0.0';\n");
    assert.equal((await h.store.manifest(gh(TAGGED), '1.0.0'))?.['version'], '1.0.0');
  });

  it('serves a branch and a commit, each with its own content', async () => {
    const dev = await h.store.file(gh(TAGGED), 'dev', '/dev-only.js');
    assert.ok(dev, 'the dev branch has its own file');
    assert.equal(await h.store.file(gh(TAGGED), 'main', '/dev-only.js'), null);
    const first = await h.store.file(gh(UNTAGGED), sha('u1', 'untagged'), '/js/app.js');
    const head = await h.store.file(gh(UNTAGGED), 'trunk', '/js/app.js');
    assert.equal(await readStoredText(first!), 'console.log("first");\n');
    assert.equal(await readStoredText(head!), 'console.log("second");\n');
  });

  it('has no default file and no manifest for a repository without package.json', async () => {
    const listing = await h.store.listing(gh(UNTAGGED), 'trunk');
    assert.equal(listing.default, null);
    assert.equal(await h.store.manifest(gh(UNTAGGED), 'trunk'), null);
  });

  it('downloads one archive per commit, shared by a tag and the commit hash', async () => {
    await h.store.listing(gh(TAGGED), '1.1.0');
    const archivePath = `/archive/skylift-fixtures/tagged/tar.gz/${sha('c2')}`;
    const before = h.github.requestCount(archivePath);
    await h.store.listing(gh(TAGGED), sha('c2'));
    await h.store.listing(gh(TAGGED), 'v1.1.0');
    assert.equal(h.github.requestCount(archivePath), before);
    assert.equal(before, 1);
  });

  it('lists tag versions and names the highest as latest', async () => {
    const versions = await h.store.versions(gh(TAGGED));
    assert.deepEqual(versions.tags, { latest: '1.2.0' });
    assert.deepEqual(
      versions.versions.map((v) => v.version),
      ['2.0.0-beta.1', '1.2.0', '1.1.0', '1.0.0', 'nightly-build'],
    );
    assert.deepEqual((await h.store.versions(gh(UNTAGGED))).tags, { latest: 'trunk' });
  });

  it('sends the configured token to the API', () => {
    assert.equal(h.github.lastAuthorization(), 'Bearer test-token-123');
  });

  it('reads every page of tags', async () => {
    const many = await startHarness({
      github: {
        defaultPerPage: 30,
        repos: [
          {
            owner: 'many',
            repo: 'tags',
            defaultBranch: 'main',
            commits: { c: { 'a.js': 'a' } },
            branches: { main: 'c' },
            tags: Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`v1.0.${i}`, 'c'])),
          },
        ],
      },
    });
    try {
      assert.equal((await many.store.resolve(gh('many/tags'), '')).version, '1.0.249');
      assert.equal((await many.store.versions(gh('many/tags'))).versions.length, 250);
    } finally {
      await many.close();
    }
  });

  it('refuses an archive with a link pointing outside the repository, and keeps nothing of it', async () => {
    const hostile = await startHarness({
      github: {
        repos: [
          {
            owner: 'evil',
            repo: 'repo',
            defaultBranch: 'main',
            commits: { c: { 'index.js': 'ok' } },
            branches: { main: 'c' },
            rawEntries: { c: [{ path: 'repo-x/escape', type: 'symlink', linkpath: '../../../../etc/passwd' }] },
          },
        ],
      },
    });
    try {
      const commit = hostile.github.sha('evil', 'repo', 'c');
      await assert.rejects(hostile.store.listing(gh('evil/repo'), 'main'), {
        status: 403,
        message: `Refused to store evil/repo@${commit}: the archive contains a link pointing outside the package (/escape -> ../../../../etc/passwd).`,
      });
      assert.deepEqual(await filesUnder(path.join(hostile.dataDir, 'packages', 'versions')), []);
    } finally {
      await hostile.close();
    }
  });
});
