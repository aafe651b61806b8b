/**
 * Files the disk budget took while this process still held them in memory: the budget is a limit, so under
 * pressure versions and generated files used a moment ago go too. The CDN over the real package layer and the
 * fixture registry, every body read from disk (no memory caches), the budget's real sweep run between
 * requests: each answer is whole and right, and a version taken costs one more download, however many
 * clients ask for it at once.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createPackageStore, type ClosablePackageStore } from '../packages/index.ts';
import { sweep } from '../packages/storage/diskBudget.ts';
import { indexPath } from '../packages/storage/versionIndex.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from './app.ts';
import { buildFiles } from './esm/store/buildFiles.ts';
import { readStoredText } from '../packages/storedFile.ts';
import { generatedDir } from './plugins/serving.ts';
import { testConfig } from './testing/testApp.ts';

let registry: FixtureRegistry;
let store: ClosablePackageStore;
let app: FastifyInstance;
let packagesRoot: string;
let generatedFiles: string;

const FILE_URL = '/npm/readable-stream@3.6.2/lib/_stream_readable.js';
const FIXTURE_FILE = path.join(import.meta.dirname, '../../test/fixtures/upstream/packages/readable-stream/3.6.2/lib/_stream_readable.js');
const TARBALL = (): number => registry.requestCount(registry.tarballPath('readable-stream', '3.6.2'));

before(async () => {
  registry = await startFixtureRegistry();
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url });
  packagesRoot = path.join(config.dataDir, 'packages');
  generatedFiles = generatedDir(config);
  store = await createPackageStore(config, {});
  app = await buildCdnApp(config, { store, requestLog: false, memoryCache: false });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
});

/** The budget's sweep with a budget nothing fits in: everything goes, what was used a moment ago too. */
async function takeEverything(): Promise<void> {
  await store.flush();
  const report = await sweep({ root: packagesRoot, generatedDirs: [generatedFiles], budgetBytes: 1 });
  assert.equal(report.swept, true);
  assert.equal(report.pressed, true, 'entries used within the grace period went');
}

test('a version taken from disk while held in memory is downloaded once more and every answer is whole', async () => {
  const expected = fs.readFileSync(FIXTURE_FILE, 'utf8');
  const first = await app.inject(FILE_URL);
  assert.equal(first.statusCode, 200);
  assert.equal(first.body, expected);
  assert.equal(TARBALL(), 1);

  await takeEverything();
  assert.equal(fs.existsSync(indexPath(packagesRoot, 'npm/readable-stream/3.6.2')), false);
  const again = await Promise.all(Array.from({ length: 12 }, () => app.inject(FILE_URL)));
  assert.deepEqual(
    again.map((response) => response.statusCode),
    Array.from({ length: 12 }, () => 200),
  );
  assert.ok(again.every((response) => response.body === expected));
  assert.equal(TARBALL(), 2, 'one more download for all twelve requests');
});

test('a compressed variant and a minified file whose parts went are made again', async () => {
  const expected = fs.readFileSync(FIXTURE_FILE);
  const gzipped = async (): Promise<Buffer> => {
    const response = await app.inject({ url: FILE_URL, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-encoding'], 'gzip');
    return zlib.gunzipSync(response.rawPayload);
  };
  const minifiedUrl = FILE_URL.replace(/\.js$/, '.min.js');
  const minified = await app.inject(minifiedUrl);
  assert.equal(minified.statusCode, 200, minified.body);
  assert.deepEqual(await gzipped(), expected);

  await takeEverything();
  assert.deepEqual(await gzipped(), expected, 'the variant is compressed again');
  const minifiedAgain = await app.inject(minifiedUrl);
  assert.equal(minifiedAgain.statusCode, 200, minifiedAgain.body);
  assert.equal(minifiedAgain.body, minified.body, 'the minified file is made again, the same');
});

test('an index whose blob is gone is mended: the version is extracted again rather than read back broken', async () => {
  const expected = fs.readFileSync(FIXTURE_FILE, 'utf8');
  assert.equal((await app.inject(FILE_URL)).statusCode, 200);
  const downloads = TARBALL();
  await store.flush();
  // The blob alone goes, as a sweep under pressure can take one that an extraction finishing meanwhile named.
  const index = JSON.parse(fs.readFileSync(indexPath(packagesRoot, 'npm/readable-stream/3.6.2'), 'utf8')) as {
    files: Array<{ path: string; sha256Hex: string }>;
  };
  const hex = index.files.find((file) => file.path === '/lib/_stream_readable.js')!.sha256Hex;
  fs.rmSync(path.join(packagesRoot, 'blobs', hex.slice(0, 2), hex.slice(2)));

  const answer = await app.inject(FILE_URL);
  assert.equal(answer.statusCode, 200);
  assert.equal(answer.body, expected);
  assert.equal(TARBALL(), downloads + 1);
  const later = await app.inject(FILE_URL);
  assert.equal(later.body, expected);
  assert.equal(TARBALL(), downloads + 1, 'mended once');
});

test("a module build's files taken while it reads them are had again: each read answers, with one more download for all", async () => {
  const paths = ['/lib/_stream_readable.js', '/lib/_stream_writable.js', '/package.json'];
  assert.equal((await app.inject(FILE_URL)).statusCode, 200);
  await store.flush();
  const files = await buildFiles(store, 'readable-stream', '3.6.2', paths);
  assert.ok(
    [...files.values()].every((file) => file.content === undefined),
    'read from the disk',
  );
  const downloads = TARBALL();
  // The budget takes the whole version after the build looked its files up, before it reads them.
  await takeEverything();
  assert.ok(!fs.existsSync(files.get('/lib/_stream_readable.js')!.diskPath));
  const texts = await Promise.all(paths.map((file) => readStoredText(files.get(file)!)));
  const fixtureDir = path.dirname(path.dirname(FIXTURE_FILE));
  assert.deepEqual(
    texts,
    paths.map((file) => fs.readFileSync(path.join(fixtureDir, file), 'utf8')),
  );
  assert.equal(TARBALL(), downloads + 1, 'one download for every file read again');
});
