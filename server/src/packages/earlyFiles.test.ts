/**
 * A file of a never-seen version asked for while its archive downloads (`StoredFile.pending`): it comes as
 * soon as its entry has passed, before the download ends, and is confirmed, or not, by the version's full
 * extraction. And the tarball of a version a request names exactly, asked for alongside its document
 * (`prefetch`). Against the fixture registry on loopback, with its answers held or failing on purpose.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { tgzBuffer } from '../../test/fixtures/upstream/index.ts';
import { startHarness, type Harness } from './testing/storeHarness.ts';
import { readStoredText } from './storedFile.ts';
import { PackageError } from './types.ts';

const npm = (name: string) => ({ type: 'npm' as const, name });
const FIRST = 'export const first = 1;\n';
/** Bytes gzip cannot shrink: the archive is as large as this, so a download held after its start is held mid-way. */
const REST = crypto.randomBytes(1024 * 1024);

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await delay(50);
  return done;
}

describe('package store: files of a version still downloading', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('answers a file whose entry has passed before the download ends, provisionally, and confirms it with the version', async () => {
    // Sorted as npm packs them: a-first.js, package.json, then a megabyte the download is held in.
    h.registry.publish('early-lib', '1.0.0', { 'a-first.js': FIRST, 'package.json': '{"name":"early-lib","version":"1.0.0"}', 'z-rest.bin': REST });
    const release = h.registry.holdTarballs(64 * 1024);
    try {
      const early = await h.store.file(npm('early-lib'), '1.0.0', '/a-first.js', { early: true });
      assert.ok(early?.content, 'the file, in memory, while the download is held');
      assert.equal(early.content.toString(), FIRST);
      assert.equal(early.sha256, crypto.createHash('sha256').update(FIRST).digest('base64'));
      assert.ok(early.pending);
      assert.equal(await settled(early.pending), false, 'not confirmed before the archive is whole');
      // A caller that did not ask for it early waits for the version.
      const whole = h.store.file(npm('early-lib'), '1.0.0', '/a-first.js');
      assert.equal(await settled(whole), false);
      release();
      await early.pending;
      const stored = await whole;
      assert.equal(stored?.sha256, early.sha256);
      assert.equal(stored?.pending, undefined);
    } finally {
      release();
    }
  });

  it('answers a file past the held point with the version, not early', async () => {
    h.registry.publish('late-lib', '1.0.0', { 'package.json': '{"name":"late-lib","version":"1.0.0"}', 'y-rest.bin': REST, 'z-last.js': FIRST });
    const release = h.registry.holdTarballs(64 * 1024);
    const asked = h.store.file(npm('late-lib'), '1.0.0', '/z-last.js', { early: true });
    assert.equal(await settled(asked), false);
    release();
    const file = await asked;
    assert.equal(file?.content?.toString() ?? '', FIRST);
  });

  it('cuts off an early file whose archive is not the one the registry published, and refuses the version', async () => {
    const tgz = tgzBuffer([
      { path: 'package/a-first.js', content: FIRST },
      { path: 'package/package.json', content: '{"name":"forged-lib","version":"1.0.0"}' },
      { path: 'package/z-rest.bin', content: REST },
    ]);
    h.registry.publishTarball('forged-lib', '1.0.0', tgz, { integrity: `sha512-${crypto.createHash('sha512').update('another archive').digest('base64')}` });
    const release = h.registry.holdTarballs(64 * 1024);
    const early = await h.store.file(npm('forged-lib'), '1.0.0', '/a-first.js', { early: true });
    assert.equal(early?.content?.toString(), FIRST, 'read before the archive could be checked');
    release();
    await assert.rejects(early!.pending!, (error: unknown) => error instanceof PackageError && error.status === 502);
    await assert.rejects(h.store.file(npm('forged-lib'), '1.0.0', '/a-first.js'), (error: unknown) => error instanceof PackageError && error.status === 502);
  });
});

describe('package store: the tarball of a version named exactly, asked for alongside its document', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('is requested before the version document answers, once, and serves the version', async () => {
    h.registry.publish('alongside-lib', '1.0.0', { 'index.js': FIRST, 'package.json': '{"name":"alongside-lib","version":"1.0.0"}' });
    const tarball = h.registry.tarballPath('alongside-lib', '1.0.0');
    const versionDocument = '/alongside-lib/1.0.0';
    // The document is held back: only a tarball asked for alongside it can have been requested meanwhile.
    const release = h.registry.hold((path) => path === versionDocument);
    h.store.prefetch(npm('alongside-lib'), '1.0.0');
    const resolving = h.store.resolve(npm('alongside-lib'), '1.0.0');
    await delay(300);
    assert.equal(h.registry.requestCount(tarball), 1, 'the tarball, asked for while the document is awaited');
    assert.equal(h.registry.requestCount(versionDocument), 1);
    release();
    assert.equal((await resolving).version, '1.0.0');
    const file = await h.store.file(npm('alongside-lib'), '1.0.0', '/index.js');
    assert.equal(file && (await readStoredText(file)), FIRST);
    assert.equal(h.registry.requestCount(tarball), 1, 'that one request is all the version took');
  });

  it('asks nothing for a version in memory, a range or a tag', async () => {
    h.registry.publish('named-lib', '1.0.0', { 'index.js': FIRST, 'package.json': '{"name":"named-lib","version":"1.0.0"}' });
    await h.store.file(npm('named-lib'), '1.0.0', '/index.js');
    await h.store.flush(); // the package's document, fetched behind the first answer
    h.registry.resetCounts();
    for (const requested of ['1.0.0', '^1.0.0', 'latest']) h.store.prefetch(npm('named-lib'), requested);
    await delay(100);
    assert.equal(h.registry.totalRequests(), 0);
  });
});
