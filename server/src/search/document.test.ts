import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentError, recordFromDocument, repositoryOf } from './document.ts';

const codeHost = 'code.example';

describe('search records from npm documents', () => {
  it('takes the latest version of a registry document', () => {
    const record = recordFromDocument(
      {
        name: 'left-tool',
        'dist-tags': { latest: '2.0.0', next: '3.0.0-beta.1' },
        versions: {
          '1.0.0': { name: 'left-tool', version: '1.0.0', description: 'old' },
          '2.0.0': {
            name: 'left-tool',
            version: '2.0.0',
            description: 'Pads strings on the left',
            license: 'MIT',
            keywords: ['pad', 'string', 'pad'],
            homepage: 'https://left.example',
            repository: { type: 'git', url: 'git+https://code.example/left-org/left-tool.git' },
            type: 'module',
            exports: { '.': './index.js' },
          },
          '3.0.0-beta.1': { name: 'left-tool', version: '3.0.0-beta.1', description: 'next' },
        },
      },
      { downloads: 150_000_000, jsDelivrHits: 42 },
      { codeHost },
    );
    assert.equal(record.objectID, 'left-tool');
    assert.equal(record.version, '2.0.0');
    assert.equal(record.description, 'Pads strings on the left');
    assert.equal(record.license, 'MIT');
    assert.deepEqual(record.keywords, ['pad', 'string']);
    assert.deepEqual(record.githubRepo, { user: 'left-org', project: 'left-tool' });
    assert.deepEqual(record.owner, { name: 'left-org', avatar: 'https://code.example/left-org.png', link: 'https://code.example/left-org' });
    assert.deepEqual(record.moduleTypes, ['esm']);
    assert.deepEqual(record.styleTypes, ['none']);
    assert.equal(record.popular, true);
    assert.equal(record.jsDelivrHits, 42);
    assert.equal(record.deprecated, false);
  });

  it('reads one version manifest, a deprecation and an author when no repository is known', () => {
    const record = recordFromDocument(
      {
        name: 'old-thing',
        version: '0.3.1',
        author: 'Ada Lovelace <ada@example.com> (https://ada.example)',
        deprecated: 'Use new-thing instead',
        license: { type: 'ISC' },
      },
      {},
      { codeHost },
    );
    assert.equal(record.owner.name, 'Ada Lovelace');
    assert.equal(record.deprecated, 'Use new-thing instead');
    assert.equal(record.license, 'ISC');
    assert.equal(record.githubRepo, null);
    assert.equal(record.popular, false);
  });

  it('recognises the repository forms npm accepts', () => {
    assert.deepEqual(repositoryOf('code-user/project', codeHost), { user: 'code-user', project: 'project' });
    assert.deepEqual(repositoryOf('github:code-user/project', codeHost), { user: 'code-user', project: 'project' });
    assert.deepEqual(repositoryOf('git@code.example:code-user/project.git', codeHost), { user: 'code-user', project: 'project' });
    assert.deepEqual(repositoryOf({ url: 'https://code.example/code-user/project/tree/main' }, codeHost), { user: 'code-user', project: 'project' });
    assert.equal(repositoryOf('https://other.example/code-user/project', codeHost), null);
    assert.equal(repositoryOf('gitlab:code-user/project', codeHost), null);
  });

  it('refuses documents without a name or versions', () => {
    assert.throws(() => recordFromDocument({ description: 'nameless' }, {}, { codeHost }), DocumentError);
    assert.throws(() => recordFromDocument({ name: 'gone', versions: {} }, {}, { codeHost }), DocumentError);
    assert.throws(() => recordFromDocument('text', {}, { codeHost }), DocumentError);
  });
});
