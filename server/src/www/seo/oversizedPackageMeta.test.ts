/**
 * The page of an npm package whose version is over the size limit, through the web server over the real store
 * and the fixture registry on loopback: the files are refused, yet the title, description, share metadata and
 * structured data come from the registry's document of the version, with no tarball download.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { createPackageStore, type ClosablePackageStore } from '../../packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { testConfig as storeConfig } from '../../cdn/testing/testApp.ts';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';

// Random bytes do not compress: the tarball is as large as the files, so the registry's stated size is honest.
const BIG = crypto.randomBytes(2.5 * 1024 * 1024);
const DESCRIPTION = 'Large on purpose, and still described.';

let registry: FixtureRegistry;
let store: ClosablePackageStore;
let build: FakeBuild;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish('huge-lib', '1.0.0', {
    'package.json': JSON.stringify({
      name: 'huge-lib',
      version: '1.0.0',
      description: DESCRIPTION,
      license: 'MIT',
      repository: 'github:octo/huge-lib',
      main: 'index.js',
      types: 'index.d.ts',
    }),
    'index.js': 'module.exports = 1;\n',
    'big.bin': BIG,
  });
  store = await createPackageStore(storeConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_PACKAGE_SIZE_LIMIT: '2MB' }));
  build = createFakeBuild();
  app = await buildWwwApp(testConfig(build.root), { packageStore: store });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
  build.remove();
});

test('an over-limit version keeps its description, share metadata and structured data, from the registry document', async () => {
  const response = await app.inject('/package/npm/huge-lib');
  assert.equal(response.statusCode, 200, response.body);
  const doc = new JSDOM(response.body).window.document;
  const meta = (selector: string): string | null => doc.querySelector(selector)?.getAttribute('content') ?? null;
  assert.match(doc.title, /huge-lib/);
  for (const selector of ['meta[name="description"]', 'meta[property="og:description"]', 'meta[name="twitter:description"]']) {
    assert.ok(meta(selector)?.includes(DESCRIPTION), `${selector}: ${meta(selector)}`);
  }
  assert.equal(doc.querySelector('meta[name="robots"]'), null, 'an existing package is indexed');
  const block = doc.querySelector('script[type="application/ld+json"]');
  assert.ok(block, 'the page carries its structured data');
  const data = JSON.parse(block.textContent ?? 'null') as Record<string, unknown>;
  assert.equal(data['name'], 'huge-lib');
  assert.equal(data['version'], '1.0.0');
  assert.equal(data['description'], DESCRIPTION);
  assert.equal(data['codeRepository'], 'https://github.com/octo/huge-lib');
  assert.equal(data['license'], 'https://spdx.org/licenses/MIT.html');
  assert.deepEqual(data['programmingLanguage'], ['JavaScript', 'TypeScript']);
  assert.equal(registry.requestCount(registry.tarballPath('huge-lib', '1.0.0')), 0, 'no tarball is downloaded for metadata');
  // The files themselves stay refused.
  await assert.rejects(store.listing({ type: 'npm', name: 'huge-lib' }, '1.0.0'), { status: 403 });
});

test("the registry's version document is asked for once, then kept", async () => {
  const path = '/huge-lib/1.0.0';
  const before = registry.requestCount(path);
  await app.inject('/package/npm/huge-lib');
  await app.inject('/package/npm/huge-lib?version=1.0.0');
  assert.ok(before >= 1);
  assert.equal(registry.requestCount(path), before);
});
