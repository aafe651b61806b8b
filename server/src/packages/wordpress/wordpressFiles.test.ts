import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { startFixtureWordPress, type FixtureWordPress } from '../../../test/fixtures/upstream/index.ts';
import { ArtifactStore } from '../../cdn/derived/artifactStore.ts';
import { createPackageMetrics } from '../upstream/metrics.ts';
import { parseSvnListing } from './svnListing.ts';
import { WordPressClient } from './wordpressClient.ts';
import { WordPressFiles } from './wordpressFiles.ts';
import type { WordPressRef } from './wordpressRef.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

const TRUNK_TTL_MS = 1000;
const trunk: WordPressRef = { kind: 'plugin', slug: 'hello-dolly', version: 'trunk', trunk: true };
const tag: WordPressRef = { kind: 'plugin', slug: 'wp-slimstat', version: '5.0.9', trunk: false };

/** The clock trunk's periods are counted by: still, at 10 ms into a period, until a test moves it. */
let clock = Math.ceil(Date.now() / TRUNK_TTL_MS) * TRUNK_TTL_MS + 10;

let wp: FixtureWordPress;
let files: WordPressFiles;

before(async () => {
  wp = await startFixtureWordPress();
  const bases = { plugins: wp.pluginsUrl, themes: wp.themesUrl };
  const client = new WordPressClient({ bases, timeoutMs: 5000, maxFileBytes: 1024 * 1024, metrics: createPackageMetrics() });
  const cache = new ArtifactStore({ dir: temporaryFolder('wp-files') });
  files = new WordPressFiles({ client, cache, bases, trunkTtlMs: TRUNK_TTL_MS, now: () => clock });
});
after(() => wp.close());

const text = async (ref: WordPressRef, file: string): Promise<string | null> => {
  const found = (await files.file(ref, file)).value;
  return found?.kind === 'file' ? fs.readFileSync(found.body.diskPath, 'utf8') : null;
};

test('a trunk file is fetched again once its time is up; a tag file is fetched once for good', async () => {
  // Trunk is kept per period of its time: the clock stands at the beginning of one, so both reads fall in it.
  wp.setPluginFile('hello-dolly/trunk/moving.js', 'one');
  assert.equal(await text(trunk, '/moving.js'), 'one');
  wp.setPluginFile('hello-dolly/trunk/moving.js', 'two');
  assert.equal(await text(trunk, '/moving.js'), 'one', 'within its time, from the cache');
  clock += TRUNK_TTL_MS * 1.2;
  assert.equal(await text(trunk, '/moving.js'), 'two', 'after it, from the upstream');

  wp.resetCounts();
  const first = await files.file(tag, '/readme.txt');
  assert.equal(first.hit, false);
  clock += TRUNK_TTL_MS * 1.2;
  const second = await files.file(tag, '/readme.txt');
  assert.equal(second.hit, true);
  assert.equal(wp.requestCount('/plugins/wp-slimstat/tags/5.0.9/readme.txt'), 1);
});

test('a folder is told from a file, and a missing path is remembered without asking again', async () => {
  assert.deepEqual((await files.file(tag, '/admin')).value, { kind: 'directory' });
  wp.resetCounts();
  assert.equal((await files.file(tag, '/missing.js')).value, null);
  assert.equal((await files.file(tag, '/missing.js')).value, null);
  assert.equal(wp.requestCount('/plugins/wp-slimstat/tags/5.0.9/missing.js'), 1);
  assert.deepEqual((await files.listing(tag, '/admin/assets/')).value, [
    { name: 'css', type: 'directory' },
    { name: 'js', type: 'directory' },
  ]);
});

test('an upstream listing keeps only plain names of the folder, at most the bound', () => {
  const html = [
    '<li><a href="../">..</a></li>',
    '<li><a href="../../etc/passwd">x</a></li>',
    '<li><a href="/absolute.js">x</a></li>',
    '<li><a href="http://elsewhere.invalid/x.js">x</a></li>',
    '<li><a href="%2e%2e/">x</a></li>',
    '<li><a href="a%2fb.js">x</a></li>',
    '<li><a href="ok%20file.js">x</a></li>',
    '<li><a href="sub/">sub/</a></li>',
    '<li><a href="z.js">z.js</a></li>',
  ].join('\n');
  assert.deepEqual(parseSvnListing(html, 100), [
    { name: 'sub', type: 'directory' },
    { name: 'ok file.js', type: 'file' },
    { name: 'z.js', type: 'file' },
  ]);
  assert.equal(parseSvnListing(html, 2).length, 2);
});
