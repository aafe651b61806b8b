/**
 * Size limits through the real store and the fixture upstreams: npm packages and GitHub repositories each
 * have their own limit, the operator's exceptions theirs, and each refusal names the limit it was made under.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config/config.ts';
import { DEFAULT_FIXTURE_REPOS, type FixtureRepo } from '../../test/fixtures/upstream/index.ts';
import { createPackageStore } from './index.ts';
import { startHarness, type Harness } from './testing/storeHarness.ts';

const MB = 1024 * 1024;
const npm = (name: string) => ({ type: 'npm' as const, name });
const gh = (name: string) => ({ type: 'gh' as const, name });
const refusal = (mb: number) => ({ status: 403, message: `Package size exceeded the configured limit of ${mb} MB.` });

/** A repository whose one commit (tag 1.0.0) holds a file of this many bytes. */
const repoOf = (repo: string, bytes: number): FixtureRepo => ({
  owner: 'skylift-fixtures',
  repo,
  defaultBranch: 'main',
  commits: { c1: { 'package.json': `{"name":"${repo}","main":"index.js"}`, 'index.js': 'x'.repeat(bytes) } },
  branches: { main: 'c1' },
  tags: { '1.0.0': 'c1' },
});

describe('package store: size limits', () => {
  let h: Harness;
  const env = {
    SKYLIFT_PACKAGE_SIZE_LIMIT: '2MB',
    SKYLIFT_GITHUB_SIZE_LIMIT: '1MB',
    SKYLIFT_PACKAGE_SIZE_EXCEPTIONS: 'allowed-big=4MB, @skylift-fixtures/allowed-big=3MB, skylift-fixtures/Allowed-Repo=3MB',
  };
  const publish = (name: string, version: string, bytes: number): void =>
    h.registry.publish(name, version, { 'package.json': JSON.stringify({ name, version }), 'data.bin': Buffer.alloc(bytes, 1) });

  before(async () => {
    h = await startHarness({
      env,
      github: { repos: [...DEFAULT_FIXTURE_REPOS, repoOf('mid-repo', 1.5 * MB), repoOf('allowed-repo', 2.5 * MB), repoOf('small-repo', 0.5 * MB)] },
    });
  });
  after(() => h.close());

  it('holds npm packages to the npm limit, GitHub repositories to theirs', async () => {
    publish('middling', '1.0.0', 1.5 * MB);
    const listing = await h.store.listing(npm('middling'), '1.0.0');
    assert.equal(listing.files.find((f) => f.path === '/data.bin')?.size, 1.5 * MB, 'over the GitHub limit, under the npm one');
    publish('too-big', '1.0.0', 2.5 * MB);
    await assert.rejects(h.store.listing(npm('too-big'), '1.0.0'), refusal(2));
    // Refused from the stated size: at most the tarball asked for alongside the document, dropped unread.
    assert.ok(h.registry.requestCount(h.registry.tarballPath('too-big', '1.0.0')) <= 1, 'refused from the stated size');

    await assert.rejects(h.store.listing(gh('skylift-fixtures/mid-repo'), '1.0.0'), refusal(1));
    assert.ok(await h.store.file(gh('skylift-fixtures/small-repo'), '1.0.0', '/index.js'));
  });

  it('gives the listed packages and repositories their own limit, and names it when they pass it', async () => {
    publish('allowed-big', '1.0.0', 3.5 * MB);
    publish('allowed-big', '2.0.0', 4.5 * MB);
    assert.ok(await h.store.file(npm('allowed-big'), '1.0.0', '/data.bin'));
    await assert.rejects(h.store.listing(npm('allowed-big'), '2.0.0'), refusal(4));
    publish('@skylift-fixtures/allowed-big', '1.0.0', 3.5 * MB);
    await assert.rejects(h.store.listing(npm('@skylift-fixtures/allowed-big'), '1.0.0'), refusal(3), 'a scoped name is its own entry');
    // GitHub names are not case-sensitive; the archive has no stated size, so the limit holds during extraction.
    const file = await h.store.file(gh('skylift-fixtures/allowed-repo'), '1.0.0', '/index.js');
    assert.equal(file?.size, 2.5 * MB);
  });

  it('lets a raised exception serve a version refused under the lower limit, from a store on the same folder', async () => {
    await assert.rejects(h.store.listing(gh('skylift-fixtures/mid-repo'), '1.0.0'), refusal(1));
    const raised = loadConfig({ ...envOf(h), SKYLIFT_PACKAGE_SIZE_EXCEPTIONS: `${env.SKYLIFT_PACKAGE_SIZE_EXCEPTIONS},skylift-fixtures/mid-repo=2MB` });
    const store = await createPackageStore(raised);
    try {
      const file = await store.file(gh('skylift-fixtures/mid-repo'), '1.0.0', '/index.js');
      assert.equal(file?.size, 1.5 * MB);
    } finally {
      await store.close();
    }
  });
});

/** The environment the harness's configuration was loaded from. */
function envOf(h: Harness): Record<string, string> {
  return {
    SKYLIFT_NPM_REGISTRY: h.config.upstream.npmRegistry,
    SKYLIFT_GITHUB_API: h.config.upstream.githubApi,
    SKYLIFT_GITHUB_ARCHIVE: h.config.upstream.githubArchive,
    SKYLIFT_DATA_DIR: h.dataDir,
    SKYLIFT_UPSTREAM_TIMEOUT_MS: '2000',
  };
}
