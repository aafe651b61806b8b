import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { highestTag, repoVersions, resolveGitHubRef, type RepoDocument } from './resolveGitHub.ts';

const sha = (n: number): string => String(n).repeat(40).slice(0, 40);
const repo: RepoDocument = {
  defaultBranch: 'main',
  tags: [
    { name: 'v1.0.0', sha: sha(1) },
    { name: 'v1.1.0', sha: sha(2) },
    { name: '1.2.0', sha: sha(3) },
    { name: 'v2.0.0-beta.1', sha: sha(4) },
    { name: 'nightly', sha: sha(5) },
  ],
};
const untagged: RepoDocument = { defaultBranch: 'trunk', tags: [{ name: 'nightly', sha: sha(5) }] };

describe('GitHub ref resolution', () => {
  it('resolves nothing and `latest` to the highest semver tag, preferring releases', () => {
    assert.deepEqual(resolveGitHubRef(repo, ''), { found: true, version: '1.2.0', kind: 'alias', sha: sha(3) });
    assert.deepEqual(resolveGitHubRef(repo, 'latest'), { found: true, version: '1.2.0', kind: 'alias', sha: sha(3) });
    assert.equal(highestTag(repo), '1.2.0');
  });

  it('falls back to the default branch when no tag is a semver version', () => {
    assert.deepEqual(resolveGitHubRef(untagged, ''), { found: false, branch: 'trunk' });
  });

  it('resolves a tag with or without its leading v', () => {
    assert.deepEqual(resolveGitHubRef(repo, 'v1.0.0'), { found: true, version: '1.0.0', kind: 'version', sha: sha(1) });
    assert.deepEqual(resolveGitHubRef(repo, '1.0.0'), { found: true, version: '1.0.0', kind: 'version', sha: sha(1) });
    assert.deepEqual(resolveGitHubRef(repo, 'v1.2.0'), { found: true, version: '1.2.0', kind: 'version', sha: sha(3) });
    assert.deepEqual(resolveGitHubRef(repo, 'nightly'), { found: true, version: 'nightly', kind: 'version', sha: sha(5) });
  });

  it('resolves semver ranges over the tags', () => {
    assert.deepEqual(resolveGitHubRef(repo, '1'), { found: true, version: '1.2.0', kind: 'alias', sha: sha(3) });
    assert.deepEqual(resolveGitHubRef(repo, '~1.1'), { found: true, version: '1.1.0', kind: 'alias', sha: sha(2) });
    assert.deepEqual(resolveGitHubRef(repo, '2'), { found: true, version: '2.0.0-beta.1', kind: 'alias', sha: sha(4) });
  });

  it('takes a full commit hash as a commit, in lower case', () => {
    const hash = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01';
    assert.deepEqual(resolveGitHubRef(repo, hash), { found: true, version: hash.toLowerCase(), kind: 'commit', sha: hash.toLowerCase() });
  });

  it('leaves anything else to a branch lookup', () => {
    assert.deepEqual(resolveGitHubRef(repo, 'dev'), { found: false, branch: 'dev' });
    assert.deepEqual(resolveGitHubRef(repo, '^9.0.0'), { found: false, branch: '^9.0.0' });
    assert.deepEqual(resolveGitHubRef(repo, 'abc1234'), { found: false, branch: 'abc1234' }, 'short hashes are not commits');
  });

  it('lists tag versions, semver ones highest first', () => {
    assert.deepEqual(repoVersions(repo), ['2.0.0-beta.1', '1.2.0', '1.1.0', '1.0.0', 'nightly']);
  });
});
