import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIXTURE_PACKAGES_DIR } from '../../test/fixtures/upstream/index.ts';
import { PackageError } from './types.ts';
import { startHarness, type Harness } from './testing/storeHarness.ts';
import { readStored, readStoredText } from './storedFile.ts';

const npm = (name: string) => ({ type: 'npm' as const, name });

/** A clock the documents' ages are measured by, moved forward by the tests instead of waiting. */
function testClock(): { now: () => number; advance(ms: number): void } {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
}

describe('package store: npm', () => {
  let h: Harness;
  const clock = testClock();
  before(async () => {
    h = await startHarness({ store: { now: clock.now } });
  });
  after(() => h.close());

  it('resolves versions, ranges and dist-tags through the registry', async () => {
    const cases: Array<[string, string, string]> = [
      ['', '1.1.0', 'alias'],
      ['latest', '1.1.0', 'alias'],
      ['1.0.0', '1.0.0', 'version'],
      ['1', '1.1.0', 'alias'],
      ['1.2', '1.2.0', 'alias'],
      ['^1.0.0', '1.1.0', 'alias'],
      ['beta', '2.0.0-beta.1', 'alias'],
      ['next', '2.0.0-beta.1', 'alias'],
      ['2', '2.0.0-beta.1', 'alias'],
    ];
    for (const [requested, version, kind] of cases) {
      const resolved = await h.store.resolve(npm('tiny-lib'), requested);
      assert.deepEqual(resolved, { type: 'npm', name: 'tiny-lib', requested, version, kind, stale: false }, `tiny-lib@${requested}`);
    }
  });

  it('asks for the abbreviated document to resolve, and caches it', async () => {
    const before = h.registry.requestCount('/css-only');
    await h.store.resolve(npm('css-only'), '');
    await h.store.resolve(npm('css-only'), '1');
    await h.store.resolve(npm('css-only'), '^1.0.0');
    assert.equal(h.registry.requestCount('/css-only') - before, 1);
  });

  it('answers the exact error texts for unknown versions and packages', async () => {
    await assert.rejects(h.store.resolve(npm('tiny-lib'), '9.9.9'), { status: 404, message: "Couldn't find the requested release version 9.9.9." });
    await assert.rejects(h.store.resolve(npm('tiny-lib'), '^7'), { status: 404, message: "Couldn't find the requested release version ^7." });
    await assert.rejects(h.store.resolve(npm('no-such-package'), ''), { status: 404, message: 'Failed to fetch version info for no-such-package.' });
    await assert.rejects(h.store.listing(npm('tiny-lib'), '9.9.9'), { status: 404, message: "Couldn't find the requested release version 9.9.9." });
  });

  it('rejects malformed names and versions with a 400', async () => {
    for (const name of ['', '../etc', 'UPPER CASE', '@scope/', 'a/b/c', '.hidden']) {
      await assert.rejects(h.store.resolve(npm(name), ''), (error: unknown) => error instanceof PackageError && error.status === 400, name);
    }
    await assert.rejects(h.store.resolve(npm('tiny-lib'), '1\n2'), { status: 400 });
    await assert.rejects(h.store.resolve(npm('tiny-lib'), 'x'.repeat(300)), { status: 400 });
    await assert.rejects(h.store.file(npm('tiny-lib'), '../1.0.0', '/x.js'), { status: 400 });
  });

  it('serves scoped packages', async () => {
    const resolved = await h.store.resolve(npm('@skylift-fixtures/scoped'), '1');
    assert.equal(resolved.version, '1.0.1');
    const file = await h.store.file(npm('@skylift-fixtures/scoped'), '1.0.1', '/index.js');
    assert.ok(file);
    assert.equal(await readStoredText(file), "export default 'scoped 1.0.1';\n");
  });

  it('lists every file with size, SHA-256 and time, identical to the published content', async () => {
    const listing = await h.store.listing(npm('tiny-lib'), '1.0.0');
    assert.deepEqual(
      listing.files.map((f) => f.path),
      ['/README.md', '/dist/tiny.js', '/dist/tiny.min.js', '/package.json'],
    );
    assert.equal(listing.default, '/dist/tiny.min.js');
    for (const entry of listing.files) {
      const original = await fs.readFile(path.join(FIXTURE_PACKAGES_DIR, 'tiny-lib', '1.0.0', entry.path));
      assert.equal(entry.size, original.length, entry.path);
      assert.equal(entry.sha256, crypto.createHash('sha256').update(original).digest('base64'), entry.path);
      assert.equal(entry.time, '1985-10-26T08:15:00.000Z');
      const stored = await h.store.file(npm('tiny-lib'), '1.0.0', entry.path);
      assert.deepEqual(await readStored(stored!), original, `${entry.path} on disk`);
    }
  });

  it('answers null for a file the version does not have, and finds paths without a leading slash', async () => {
    assert.equal(await h.store.file(npm('tiny-lib'), '1.0.0', '/nope.js'), null);
    assert.equal(await h.store.file(npm('tiny-lib'), '1.0.0', '/dist'), null, 'a folder is not a file');
    assert.equal((await h.store.file(npm('tiny-lib'), '1.0.0', 'dist/tiny.js'))?.path, '/dist/tiny.js');
  });

  it('stores nested folders and reads the manifest', async () => {
    const listing = await h.store.listing(npm('nested'), '1.0.0');
    assert.ok(listing.files.some((f) => f.path === '/a/b/c/deeper/still/here.json'));
    assert.equal(listing.default, '/a/f.js');
    const manifest = await h.store.manifest(npm('nested'), '1.0.0');
    assert.equal(manifest?.['name'], 'nested');
  });

  it('chooses the default file by the rules of the package fields', async () => {
    const expectations: Array<[string, string, string | null]> = [
      ['fields-lib', '1.0.0', '/dist/fields.cdn.min.js'], // jsdelivr without extension, then its .min sibling
      ['fields-lib', '1.1.0', '/dist/fields.cdn-field.js'], // cdn; browser is an object
      ['fields-lib', '1.2.0', '/dist/fields.browser.js'], // browser string before main
      ['css-only', '1.0.0', '/dist/css-only.min.css'], // style, .min sibling
      ['only-index', '1.0.0', '/index.js'],
      ['no-main', '1.0.0', null],
      ['with-html', '1.0.0', '/main.js'],
    ];
    for (const [name, version, expected] of expectations) {
      assert.equal((await h.store.listing(npm(name), version)).default, expected, `${name}@${version}`);
    }
  });

  it('stores each content once, whatever the version', async () => {
    const a = await h.store.file(npm('fields-lib'), '1.0.0', '/lib/node.js');
    const b = await h.store.file(npm('fields-lib'), '1.1.0', '/lib/node.js');
    assert.ok(a && b);
    assert.equal(a.diskPath, b.diskPath);
  });

  it('lists versions with deprecation and time from the full document', async () => {
    const versions = await h.store.versions(npm('tiny-lib'));
    assert.deepEqual(versions.tags, { latest: '1.1.0', beta: '2.0.0-beta.1', next: '2.0.0-beta.1' });
    assert.deepEqual(
      versions.versions.map((v) => v.version),
      ['2.0.0-beta.1', '1.2.0', '1.1.0', '1.0.0'],
    );
    assert.equal(versions.versions.find((v) => v.version === '1.2.0')?.deprecated, true);
    assert.equal(versions.versions.find((v) => v.version === '1.1.0')?.deprecated, undefined);
    assert.ok(versions.versions.every((v) => typeof v.time === 'string'));
    assert.equal(versions.stale, false);
  });

  it('finds a version published after the document was cached', async () => {
    await h.store.resolve(npm('only-index'), '');
    h.registry.publish('only-index', '1.0.1', { 'package.json': '{"name":"only-index","version":"1.0.1"}', 'index.js': 'module.exports = 101;\n' });
    // A document fetched a moment ago is not asked for again for a missing version...
    await assert.rejects(h.store.resolve(npm('only-index'), '1.0.1'), { status: 404 });
    // ...one two seconds old is.
    clock.advance(2100);
    const resolved = await h.store.resolve(npm('only-index'), '1.0.1');
    assert.equal(resolved.version, '1.0.1');
    const file = await h.store.file(npm('only-index'), '1.0.1', '/index.js');
    assert.equal(await readStoredText(file!), 'module.exports = 101;\n');
  });

  it('moves tags and ranges after expire(), and keeps exact versions', async () => {
    assert.equal((await h.store.resolve(npm('@skylift-fixtures/scoped'), '')).version, '1.0.1');
    h.registry.publish(
      '@skylift-fixtures/scoped',
      '1.1.0',
      { 'package.json': '{"name":"@skylift-fixtures/scoped","version":"1.1.0","main":"index.js"}', 'index.js': 'x' },
      { tags: ['latest'] },
    );
    assert.equal((await h.store.resolve(npm('@skylift-fixtures/scoped'), '')).version, '1.0.1', 'still cached');
    await h.store.expire(npm('@skylift-fixtures/scoped'));
    assert.equal((await h.store.resolve(npm('@skylift-fixtures/scoped'), '')).version, '1.1.0');
    assert.equal((await h.store.resolve(npm('@skylift-fixtures/scoped'), '^1.0.0')).version, '1.1.0');
    assert.equal((await h.store.file(npm('@skylift-fixtures/scoped'), '1.0.1', '/index.js'))?.path, '/index.js');
  });

  it('reports upstream fetches and cache lookups in the metrics registry', async () => {
    const text = await h.metrics.metrics();
    assert.match(text, /package_upstream_fetches_total\{upstream="npm",kind="document",outcome="ok"\} \d+/);
    assert.match(text, /package_upstream_fetches_total\{upstream="npm",kind="tarball",outcome="ok"\} \d+/);
    assert.match(text, /package_upstream_fetch_duration_seconds_count\{upstream="npm",kind="tarball"\} \d+/);
    assert.match(text, /package_cache_lookups_total\{cache="version",result="hit"\} \d+/);
    assert.match(text, /package_cache_lookups_total\{cache="document",result="miss"\} \d+/);
  });
});

describe('package store: versions published later', () => {
  it('serves an exact version asked for before it was published, once it is', async () => {
    const clock = testClock();
    const h = await startHarness({ store: { now: clock.now } });
    try {
      await assert.rejects(h.store.listing(npm('css-only'), '1.1.0'), { status: 404 });
      clock.advance(2100);
      h.registry.publish('css-only', '1.1.0', { 'package.json': '{"name":"css-only","version":"1.1.0","style":"a.css"}', 'a.css': 'a{}' });
      assert.equal((await h.store.listing(npm('css-only'), '1.1.0')).default, '/a.css');
    } finally {
      await h.close();
    }
  });
});
