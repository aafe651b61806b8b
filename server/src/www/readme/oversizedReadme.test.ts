/**
 * The readme of an npm version over its size limit, through the web server over the real store and the
 * fixture registry on loopback: the listing is refused, yet the readme is taken singly out of the tarball.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createPackageStore, type ClosablePackageStore } from '../../packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { testConfig as storeConfig } from '../../cdn/testing/testApp.ts';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { NO_README } from './readmeRoute.ts';

const MB = 1024 * 1024;
// Random bytes do not compress: the tarball is as large as the files, so the registry's stated size is honest.
const BIG = crypto.randomBytes(2.5 * MB);

let registry: FixtureRegistry;
let store: ClosablePackageStore;
let build: FakeBuild;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish('huge-docs', '1.0.0', {
    'package.json': JSON.stringify({ name: 'huge-docs', version: '1.0.0', description: 'Large on purpose.' }),
    'README.md': '# Huge docs\n\n![logo](media/logo.png)\n',
    'big.bin': BIG,
  });
  registry.publish('huge-bare', '1.0.0', { 'package.json': '{"name":"huge-bare","version":"1.0.0"}', 'big.bin': BIG });
  registry.publish('huge-readme', '1.0.0', { 'package.json': '{"name":"huge-readme","version":"1.0.0"}', 'README.md': BIG.toString('hex') });
  store = await createPackageStore(
    storeConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_PACKAGE_SIZE_LIMIT: '2MB', SKYLIFT_SINGLE_FILE_LIMIT: '1MB' }),
  );
  build = createFakeBuild();
  app = await buildWwwApp(testConfig(build.root), { packageStore: store });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
  build.remove();
});

test('an over-limit version whose listing is refused still has its readme, read out of the tarball once', async () => {
  const res = await app.inject('/readme/npm/huge-docs/1.0.0');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(res.headers['cache-control'], 'public, max-age=604800');
  assert.match(res.body, /<h1[^>]*>.*Huge docs.*<\/h1>/s);
  // Relative images point at the CDN, which serves single files of such a version.
  assert.match(res.body, /src="https:\/\/cdn\.example\.test\/npm\/huge-docs@1\.0\.0\/media\/logo\.png"/);
  const again = await app.inject('/readme/npm/huge-docs');
  assert.equal(again.statusCode, 200);
  assert.equal(again.headers['cache-control'], 'public, max-age=300');
  assert.equal(registry.requestCount(registry.tarballPath('huge-docs', '1.0.0')), 1);
  await assert.rejects(store.listing({ type: 'npm', name: 'huge-docs' }, '1.0.0'), {
    status: 403,
    message: 'Package size exceeded the configured limit of 2 MB.',
  });
});

test('an over-limit version without a readme, or with one over the single-file limit, answers the placeholder', async () => {
  for (const name of ['huge-bare', 'huge-readme']) {
    const res = await app.inject(`/readme/npm/${name}/1.0.0`);
    assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.body, NO_README);
    assert.equal(registry.requestCount(registry.tarballPath(name, '1.0.0')), 1, `${name}: the misses after the first read need no download`);
  }
});
