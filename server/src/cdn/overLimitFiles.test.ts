/**
 * Single files of npm versions over the size limit, through the CDN over the real store and the fixture
 * registry on loopback: each is streamed out of the tarball once, checked against the tarball's integrity,
 * and served with the headers of any file; listings, default files and module builds stay refused.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPackageStore, type ClosablePackageStore } from '../packages/index.ts';
import { startFixtureRegistry, tgzBuffer, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import type { Config } from '../config/config.ts';
import { buildCdnApp } from './app.ts';
import { testConfig } from './testing/testApp.ts';
import { readStoredText } from '../packages/storedFile.ts';

const MB = 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const REFUSED = 'Package size exceeded the configured limit of 2 MB.';
const APP_JS = 'window.overLimit = function overLimit(name) {\n  return "over " + name;\n};\n';
// Random bytes do not compress: the tarball is as large as the files, so the registry's stated size is honest.
const BIG = crypto.randomBytes(2.5 * MB);
const LARGE_JS = `var large = "${crypto.randomBytes(0.4 * MB).toString('hex')}";\n`;

let registry: FixtureRegistry;
let config: Config;
let store: ClosablePackageStore;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish('over-limit', '1.0.0', {
    'package.json': JSON.stringify({ name: 'over-limit', version: '1.0.0', main: 'dist/app.js' }),
    'big.bin': BIG,
    'dist/app.js': APP_JS,
    'dist/large.js': LARGE_JS,
  });
  config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_PACKAGE_SIZE_LIMIT: '2MB', SKYLIFT_SINGLE_FILE_LIMIT: '1MB' });
  store = await createPackageStore(config);
  app = await buildCdnApp(config, { store, requestLog: false });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
});

const tarballRequests = (name: string): number => registry.requestCount(registry.tarballPath(name, '1.0.0'));
const blobExists = (content: string | Buffer): Promise<boolean> => {
  const hex = crypto.createHash('sha256').update(content).digest('hex');
  return fs.access(path.join(config.dataDir, 'packages', 'blobs', hex.slice(0, 2), hex.slice(2))).then(
    () => true,
    () => false,
  );
};

test('a file of an over-limit version is served out of its tarball, with the headers of any file, downloaded once', async () => {
  const responses = await Promise.all(Array.from({ length: 5 }, () => app.inject('/npm/over-limit@1.0.0/dist/app.js')));
  for (const res of responses) {
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, APP_JS);
    assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['etag'], `"${crypto.createHash('sha256').update(APP_JS).digest('base64')}"`);
  }
  assert.equal(tarballRequests('over-limit'), 1, 'one download for the requests at once');
  const bin = await app.inject('/npm/over-limit@1.0.0/big.bin');
  assert.equal(bin.statusCode, 403, 'a file over the single-file limit');
  assert.equal(bin.body, 'File size exceeded the configured limit of 1 MB.');
  assert.equal(tarballRequests('over-limit'), 1, 'known too large from the first read of the tarball');
  const missing = await app.inject('/npm/over-limit@1.0.0/dist/none.js');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.body, "Couldn't find the requested file /dist/none.js.");
  assert.equal(tarballRequests('over-limit'), 1, 'known absent from the first read of the tarball');

  // A store started later on the same folder (a restart, another process) serves it from the cache.
  const again = await createPackageStore(config);
  try {
    const file = await again.file({ type: 'npm', name: 'over-limit' }, '1.0.0', '/dist/app.js');
    assert.equal(await readStoredText(file!), APP_JS);
    assert.equal(await again.file({ type: 'npm', name: 'over-limit' }, '1.0.0', '/none.js'), null, 'absent, known without a download');
  } finally {
    await again.close();
  }
  assert.equal(tarballRequests('over-limit'), 1);
});

test('a minified file is generated from a file of the over-limit version; a larger file is read but not kept', async () => {
  const min = await app.inject('/npm/over-limit@1.0.0/dist/app.min.js');
  assert.equal(min.statusCode, 200, min.body);
  assert.match(min.body, /Original file: \/npm\/over-limit@1\.0\.0\/dist\/app\.js/);
  assert.ok(!min.body.includes('return "over " + name'), 'minified');
  const large = await app.inject('/npm/over-limit@1.0.0/dist/large.js');
  assert.equal(large.statusCode, 200, 'under the single-file limit');
  assert.equal(large.body, LARGE_JS);
  assert.equal(await blobExists(BIG), false, 'the file over the single-file limit was never stored');
});

test('listings, the default file, the file list and module builds of an over-limit version stay refused', async () => {
  for (const url of [
    '/npm/over-limit@1.0.0/',
    '/npm/over-limit@1.0.0/dist/',
    '/npm/over-limit@1.0.0',
    '/npm/over-limit@1.0.0/+private-json',
    '/npm/over-limit@1.0.0/+esm',
  ]) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 403, url);
    assert.equal(res.body, REFUSED, url);
  }
});

test('a tarball that does not match its integrity gives nothing out of it, and nothing is kept', async () => {
  const file = 'var tampered = 1;\n';
  const tgz = tgzBuffer([
    { path: 'package/package.json', content: '{"name":"over-tampered","version":"1.0.0"}' },
    { path: 'package/big.bin', content: crypto.randomBytes(2.5 * MB) },
    { path: 'package/index.js', content: file },
  ]);
  registry.publishTarball('over-tampered', '1.0.0', tgz, { integrity: `sha512-${crypto.createHash('sha512').update('another tarball').digest('base64')}` });
  const res = await app.inject('/npm/over-tampered@1.0.0/index.js');
  assert.equal(res.statusCode, 502);
  assert.equal(res.body, 'Failed to fetch over-tampered@1.0.0 from the upstream.');
  assert.equal(await blobExists(file), false);
  const retried = await app.inject('/npm/over-tampered@1.0.0/index.js');
  assert.equal(retried.statusCode, 502, 'not remembered as served');
  assert.equal(tarballRequests('over-tampered'), 2);
});

test('an over-limit tarball with a hostile entry anywhere gives nothing out of it', async () => {
  const tgz = tgzBuffer([
    { path: 'package/package.json', content: '{"name":"over-hostile","version":"1.0.0"}' },
    { path: 'package/index.js', content: 'var hostile = 1;\n' },
    { path: 'package/big.bin', content: crypto.randomBytes(2.5 * MB) },
    { path: 'package/../escape.js', content: 'escaped' },
  ]);
  registry.publishTarball('over-hostile', '1.0.0', tgz);
  const res = await app.inject('/npm/over-hostile@1.0.0/index.js');
  assert.equal(res.statusCode, 403);
  assert.match(res.body, /^Refused to store over-hostile@1\.0\.0: the archive contains a path leading outside the package/);
  assert.equal(await blobExists('var hostile = 1;\n'), false);
});
