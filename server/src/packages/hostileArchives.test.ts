import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HOSTILE_KINDS, hostilePackageName, tgzBuffer, type HostileKind } from '../../test/fixtures/upstream/index.ts';
import { filesUnder, startHarness, type Harness } from './testing/storeHarness.ts';
import { readStoredText } from './storedFile.ts';

const npm = (name: string) => ({ type: 'npm' as const, name });
const LIMIT = 1024 * 1024;

const SIZE_KINDS = new Set<HostileKind>(['size-lie', 'header-lie', 'gzip-bomb']);

describe('package store: hostile archives', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({
      registry: { hostile: true, hostileOptions: { sizeBombBytes: 4 * LIMIT, gzipBombBytes: 64 * LIMIT } },
      env: { SKYLIFT_PACKAGE_SIZE_LIMIT: String(LIMIT) },
    });
  });
  after(() => h.close());

  for (const kind of HOSTILE_KINDS) {
    it(`rejects ${kind} and keeps nothing of it`, async () => {
      const name = hostilePackageName(kind);
      const expected = SIZE_KINDS.has(kind)
        ? { status: 403, message: 'Package size exceeded the configured limit of 1 MB.' }
        : (error: unknown) => {
            const e = error as { status?: number; message?: string };
            return e.status === 403 && typeof e.message === 'string' && e.message.startsWith(`Refused to store ${name}@1.0.0: the archive contains `);
          };
      await assert.rejects(h.store.listing(npm(name), '1.0.0'), expected);
      // The version's files as a whole: a single file of a version refused for its size is still served (cdn/overLimitFiles.test.ts).
      await assert.rejects(h.store.listing(npm(name), '1.0.0'), expected, 'a second request answers the same');
      if (SIZE_KINDS.has(kind)) {
        // Its package.json still comes from the registry's document of the version, for the package page.
        assert.equal((await h.store.manifest(npm(name), '1.0.0'))?.name, name);
      } else {
        await assert.rejects(h.store.manifest(npm(name), '1.0.0'), expected, 'an unsafe archive gives no manifest either');
      }
      assert.equal(h.registry.requestCount(h.registry.tarballPath(name, '1.0.0')), 1, 'the rejection is remembered, not downloaded again');

      const root = path.join(h.dataDir, 'packages');
      const indexes = await filesUnder(path.join(root, 'versions'));
      assert.ok(!indexes.some((f) => f.includes(name)), 'no index file: no partial version');
      assert.deepEqual(await filesUnder(path.join(root, 'staging')), [], 'no staged files left');
      // The harmless files that came before the hostile entry were not moved into the store either.
      const harmless = crypto
        .createHash('sha256')
        .update(`module.exports = ${JSON.stringify(name)};\n`)
        .digest('hex');
      await assert.rejects(fs.access(path.join(root, 'blobs', harmless.slice(0, 2), harmless.slice(2))));
    });
  }

  it('wrote nothing outside its data folder', async () => {
    const outside = (await filesUnder(path.dirname(h.dataDir))).filter((f) => !f.startsWith('data/'));
    assert.deepEqual(outside, []);
    await assert.rejects(fs.access('/tmp/skylift-absolute-escape.txt'));
    for (let up = 0; up <= 4; up++) {
      await assert.rejects(fs.access(path.resolve(h.dataDir, 'packages', 'staging', '../'.repeat(up), 'escaped.txt')));
    }
  });

  it('still serves honest packages after rejecting hostile ones', async () => {
    const file = await h.store.file(npm('tiny-lib'), '1.1.0', '/dist/tiny.js');
    assert.ok(file);
    assert.match(await readStoredText(file), /tiny-lib 1\.1\.0/);
  });

  it('refuses a version the registry states is over the limit without reading its tarball', async () => {
    h.registry.publish('stated-too-big', '1.0.0', { 'package.json': '{"name":"stated-too-big","version":"1.0.0"}', 'data.bin': Buffer.alloc(LIMIT + 1024, 1) });
    await assert.rejects(h.store.listing(npm('stated-too-big'), '1.0.0'), { status: 403, message: 'Package size exceeded the configured limit of 1 MB.' });
    // At most the request sent alongside the document (`prefetch`), dropped unread when the document came.
    assert.ok(h.registry.requestCount(h.registry.tarballPath('stated-too-big', '1.0.0')) <= 1);
    await assert.rejects(h.store.listing(npm('stated-too-big'), '1.0.0'), { status: 403 });
    assert.ok(h.registry.requestCount(h.registry.tarballPath('stated-too-big', '1.0.0')) <= 1, 'remembered, not asked again');
  });

  it('shares a refusal with every other store on the folder (another service, another process), without a new download', async () => {
    const name = hostilePackageName('size-lie');
    const other = await h.restart();
    await assert.rejects(other.listing(npm(name), '1.0.0'), { status: 403, message: 'Package size exceeded the configured limit of 1 MB.' });
    assert.equal(h.registry.requestCount(h.registry.tarballPath(name, '1.0.0')), 1, 'still the one download of the first refusal');
    // A purge of the package forgets it everywhere: the next request downloads it again.
    await other.expire(npm(name));
    await assert.rejects(other.listing(npm(name), '1.0.0'), { status: 403 });
    assert.equal(h.registry.requestCount(h.registry.tarballPath(name, '1.0.0')), 2);
  });

  it('accepts a package just under the limit', async () => {
    h.registry.publish('just-under', '1.0.0', {
      'package.json': '{"name":"just-under","version":"1.0.0"}',
      'data.bin': Buffer.alloc(LIMIT - 1024, 1),
    });
    const listing = await h.store.listing(npm('just-under'), '1.0.0');
    assert.equal(listing.files.find((f) => f.path === '/data.bin')?.size, LIMIT - 1024);
  });

  it('serves links that point inside the package as the file they point to', async () => {
    const tgz = tgzBuffer([
      { path: 'package/package.json', content: '{"name":"linked","version":"1.0.0","main":"dist/latest.js"}' },
      { path: 'package/dist/v2/lib.js', content: 'export default 2;\n' },
      { path: 'package/dist/latest.js', type: 'symlink', linkpath: 'v2/lib.js' },
      { path: 'package/copy.js', type: 'hardlink', linkpath: 'package/dist/v2/lib.js' },
      { path: 'package/dangling.js', type: 'symlink', linkpath: 'missing.js' },
      { path: 'package/dist/folder-link', type: 'symlink', linkpath: 'v2' },
    ]);
    h.registry.publishTarball('linked', '1.0.0', tgz);
    const listing = await h.store.listing(npm('linked'), '1.0.0');
    assert.deepEqual(
      listing.files.map((f) => f.path),
      ['/copy.js', '/dist/latest.js', '/dist/v2/lib.js', '/package.json'],
    );
    assert.equal(listing.default, '/dist/latest.js');
    const latest = await h.store.file(npm('linked'), '1.0.0', '/dist/latest.js');
    assert.equal(await readStoredText(latest!), 'export default 2;\n');
  });

  it('refuses a tarball that does not match its integrity, and one that is not an archive', async () => {
    const tgz = tgzBuffer([{ path: 'package/package.json', content: '{"name":"tampered","version":"1.0.0"}' }]);
    h.registry.publishTarball('tampered', '1.0.0', tgz, { integrity: `sha512-${crypto.createHash('sha512').update('something else').digest('base64')}` });
    await assert.rejects(h.store.listing(npm('tampered'), '1.0.0'), { status: 502, message: 'Failed to fetch tampered@1.0.0 from the upstream.' });
    h.registry.publishTarball('not-gzip', '1.0.0', Buffer.from('this is not a gzip stream at all'));
    await assert.rejects(h.store.listing(npm('not-gzip'), '1.0.0'), { status: 502 });
    h.registry.publishTarball('not-tar', '1.0.0', (await import('node:zlib')).gzipSync(Buffer.alloc(2048, 'x')));
    await assert.rejects(h.store.listing(npm('not-tar'), '1.0.0'), { status: 502 });
    const indexes = await filesUnder(path.join(h.dataDir, 'packages', 'versions'));
    assert.ok(!indexes.some((f) => /tampered|not-gzip|not-tar/.test(f)));
  });
});
