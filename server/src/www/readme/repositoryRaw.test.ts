import assert from 'node:assert/strict';
import { test } from 'node:test';
import { githubRepositoryOf, repositoryRawBase } from './repositoryRaw.ts';

test('the GitHub repository of a package.json, in every form npm accepts', () => {
  assert.deepEqual(githubRepositoryOf({ repository: 'owner/repo' }), { path: 'owner/repo', directory: '' });
  assert.deepEqual(githubRepositoryOf({ repository: 'github:owner/repo' }), { path: 'owner/repo', directory: '' });
  assert.deepEqual(githubRepositoryOf({ repository: { url: 'git+https://github.com/owner/repo.git' } }), { path: 'owner/repo', directory: '' });
  assert.deepEqual(githubRepositoryOf({ repository: { url: 'git://github.com/owner/repo' } }), { path: 'owner/repo', directory: '' });
  assert.deepEqual(githubRepositoryOf({ repository: 'git@github.com:owner/repo.git' }), { path: 'owner/repo', directory: '' });
  assert.deepEqual(githubRepositoryOf({ repository: { url: 'https://github.com/o/r', directory: 'packages/../x/./y' } }), {
    path: 'o/r',
    directory: 'packages/x/y',
  });
});

test('no repository, or one elsewhere, gives none', () => {
  assert.equal(githubRepositoryOf({}), null);
  assert.equal(githubRepositoryOf(null), null);
  assert.equal(githubRepositoryOf({ repository: 'https://code.example.test/owner/repo' }), null);
});

test('the raw base joins the configured host, the repository, HEAD and the folder', () => {
  assert.equal(repositoryRawBase('https://raw.example.test/', { path: 'o/r', directory: '' }), 'https://raw.example.test/o/r/HEAD');
  assert.equal(repositoryRawBase('https://raw.example.test', { path: 'o/r', directory: 'pkg' }), 'https://raw.example.test/o/r/HEAD/pkg');
});
