import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { PackageError, type PackageRef, type PackageVersions } from '../../packages/types.ts';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { languagesOf, licenseOf, repositoryUrl } from './structuredData.ts';

const WWW = 'https://www.example.test';
const HOSTILE = 'Fast helpers </script><script>alert(1)</script> <!-- & more';

/** The memory store, with a package whose upstream fails. */
class FailingStore extends MemoryPackageStore {
  override async versions(ref: PackageRef): Promise<PackageVersions> {
    if (ref.name === 'flaky') throw PackageError.upstreamFailed('flaky');
    return super.versions(ref);
  }
}

const store = new FailingStore([
  {
    ref: { type: 'npm', name: 'good-lib' },
    versions: {
      '1.0.0': { files: { '/index.js': '' }, manifest: { name: 'good-lib', version: '1.0.0', description: 'The first one', main: 'index.js', license: 'ISC' } },
      '2.0.0': {
        files: { '/index.js': '' },
        manifest: {
          name: 'good-lib',
          version: '2.0.0',
          description: HOSTILE,
          main: 'dist/index.js',
          types: 'dist/index.d.ts',
          license: 'MIT',
          repository: { type: 'git', url: 'git+https://github.com/octo/good-lib.git' },
        },
      },
    },
    tags: { latest: '2.0.0' },
  },
  {
    ref: { type: 'npm', name: '@scope/types-only' },
    versions: {
      '4.0.0': {
        files: { '/index.d.ts': '' },
        manifest: {
          name: '@scope/types-only',
          exports: { '.': { types: './index.d.ts' } },
          types: './index.d.ts',
          license: '(MIT OR CC0-1.0)',
          repository: 'gitlab:owner/types',
        },
      },
    },
    tags: { latest: '4.0.0' },
  },
  { ref: { type: 'npm', name: 'flaky' }, versions: { '1.0.0': { files: { '/index.js': '' } } } },
  { ref: { type: 'gh', name: 'octo/widgets' }, versions: { '1.2.0': { files: { '/README.md': '' } } }, tags: { latest: '1.2.0' } },
]);

describe('structured data of package pages', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  before(async () => {
    build = createFakeBuild();
    app = await buildWwwApp(testConfig(build.root), { packageStore: store });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  const page = async (url: string) => {
    const response = await app.inject({ url });
    const doc = new JSDOM(response.body).window.document;
    const blocks = [...doc.querySelectorAll('script[type="application/ld+json"]')];
    return { response, doc, blocks, data: blocks[0] ? (JSON.parse(blocks[0].textContent ?? 'null') as Record<string, unknown>) : null };
  };

  it('describes an npm package as SoftwareSourceCode in the HTML the server returns', async () => {
    const { response, data, blocks } = await page('/package/npm/good-lib');
    assert.equal(response.statusCode, 200);
    assert.equal(blocks.length, 1);
    assert.deepEqual(data, {
      '@context': 'https://schema.org',
      '@type': 'SoftwareSourceCode',
      name: 'good-lib',
      version: '2.0.0',
      description: HOSTILE,
      codeRepository: 'https://github.com/octo/good-lib',
      license: 'https://spdx.org/licenses/MIT.html',
      programmingLanguage: ['JavaScript', 'TypeScript'],
      url: `${WWW}/package/npm/good-lib`,
    });
  });

  it('keeps a description with </script> and <!-- inside its data block', async () => {
    const { response, doc } = await page('/package/npm/good-lib');
    assert.ok(!response.body.includes('</script><script>alert(1)'), 'the description cannot close the element');
    assert.ok(!response.body.includes('<!-- & more'), 'nor open a comment');
    assert.match(response.body, /\\u003c\/script\\u003e/);
    // The JSON-LD block, the boot document and the shell's script: nothing injected.
    assert.deepEqual(
      [...doc.querySelectorAll('script')].map((script) => script.getAttribute('type')),
      ['application/ld+json', 'application/json', null],
    );
    // Data, not script: the policy still allows no inline script.
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    assert.ok(scriptSrc && !scriptSrc.includes("'unsafe-inline'"), scriptSrc);
  });

  it('describes the version in the address, else the latest', async () => {
    const older = (await page('/package/npm/good-lib?version=1.0.0&tab=files')).data;
    assert.equal(older?.['version'], '1.0.0');
    assert.equal(older?.['description'], 'The first one');
    assert.equal(older?.['license'], 'https://spdx.org/licenses/ISC.html');
    assert.equal(older?.['programmingLanguage'], 'JavaScript');
    assert.equal(older?.['codeRepository'], undefined, 'no repository named, none made up');
    assert.equal(older?.['url'], `${WWW}/package/npm/good-lib`);
    assert.equal((await page('/package/npm/good-lib?version=9.9.9')).data?.['version'], '2.0.0');
  });

  it('says TypeScript alone for type declarations, and keeps a licence expression as written', async () => {
    const { data } = await page('/package/npm/@scope/types-only');
    assert.equal(data?.['name'], '@scope/types-only');
    assert.equal(data?.['programmingLanguage'], 'TypeScript');
    assert.equal(data?.['license'], '(MIT OR CC0-1.0)');
    assert.equal(data?.['codeRepository'], 'https://gitlab.com/owner/types');
  });

  it('describes a GitHub repository with its repository address and latest release', async () => {
    const { data } = await page('/package/gh/octo/widgets');
    assert.equal(data?.['@type'], 'SoftwareSourceCode');
    assert.equal(data?.['name'], 'octo/widgets');
    assert.equal(data?.['version'], '1.2.0');
    assert.equal(data?.['codeRepository'], 'https://github.com/octo/widgets');
    assert.equal(data?.['url'], `${WWW}/package/gh/octo/widgets`);
  });

  it('leaves it out for a package that does not exist, an upstream that fails, and other pages', async () => {
    const missing = await page('/package/npm/no-such-package');
    assert.equal(missing.doc.querySelector('meta[name="robots"]')?.getAttribute('content'), 'noindex');
    assert.equal(missing.blocks.length, 0);
    assert.equal((await page('/package/npm/flaky')).blocks.length, 0);
    assert.equal((await page('/about')).blocks.length, 0);
    assert.equal((await page('/package/npm/not-a-scope/name')).blocks.length, 0);
  });
});

describe('package.json fields as structured data', () => {
  it('reads the repository forms npm accepts', () => {
    assert.equal(repositoryUrl('git+https://github.com/a/b.git'), 'https://github.com/a/b');
    assert.equal(repositoryUrl('git://github.com/a/b.git'), 'https://github.com/a/b');
    assert.equal(repositoryUrl('git@github.com:a/b.git'), 'https://github.com/a/b');
    assert.equal(repositoryUrl('git+ssh://git@github.com/a/b.git#main'), 'https://github.com/a/b');
    assert.equal(repositoryUrl({ url: 'https://gitlab.com/group/project' }), 'https://gitlab.com/group/project');
    assert.equal(repositoryUrl('a/b'), 'https://github.com/a/b');
    assert.equal(repositoryUrl('bitbucket:a/b'), 'https://bitbucket.org/a/b');
    assert.equal(repositoryUrl('javascript:alert(1)'), null);
    assert.equal(repositoryUrl(42), null);
  });

  it('gives SPDX identifiers their page and leaves out what is no licence', () => {
    assert.equal(licenseOf({ license: 'Apache-2.0' }), 'https://spdx.org/licenses/Apache-2.0.html');
    assert.equal(licenseOf({ license: { type: 'BSD-3-Clause' } }), 'https://spdx.org/licenses/BSD-3-Clause.html');
    assert.equal(licenseOf({ license: 'UNLICENSED' }), null);
    assert.equal(licenseOf({ license: 'SEE LICENSE IN LICENSE.md' }), null);
    assert.equal(licenseOf({}), null);
  });

  it('tells JavaScript from type declarations', () => {
    assert.deepEqual(languagesOf('plain', {}), ['JavaScript']);
    assert.deepEqual(languagesOf('@types/node', { types: 'index.d.ts' }), ['TypeScript']);
    assert.deepEqual(languagesOf('type-fest', { exports: { '.': { types: './index.d.ts' } }, types: './index.d.ts' }), ['TypeScript']);
    assert.deepEqual(languagesOf('dual', { exports: { '.': { types: './index.d.ts', import: './index.mjs' } } }), ['JavaScript', 'TypeScript']);
    assert.deepEqual(languagesOf('styles', { style: 'a.css', main: 'a.css' }), []);
  });
});
