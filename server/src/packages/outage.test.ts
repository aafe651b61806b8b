import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { filesUnder, startHarness, type Harness } from './testing/storeHarness.ts';
import { readStoredText } from './storedFile.ts';

const npm = (name: string) => ({ type: 'npm' as const, name });
const gh = (name: string) => ({ type: 'gh' as const, name });

describe('package store: upstream failures', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { SKYLIFT_UPSTREAM_TIMEOUT_MS: '1000' } });
    // Warm: documents and one extracted version of each kind.
    await h.store.resolve(npm('tiny-lib'), '');
    await h.store.listing(npm('tiny-lib'), '1.1.0');
    await h.store.resolve(gh('skylift-fixtures/tagged'), '');
    await h.store.listing(gh('skylift-fixtures/tagged'), '1.2.0');
  });
  after(() => h.close());

  it('answers 502 when the registry fails, 504 when it hangs, 502 when it resets the connection', async () => {
    h.registry.setFailure('500');
    await assert.rejects(h.store.resolve(npm('css-only'), ''), { status: 502, message: 'Failed to fetch version info for css-only from the upstream.' });
    h.registry.setFailure('hang');
    await assert.rejects(h.store.resolve(npm('css-only'), ''), { status: 504, message: 'Timed out fetching version info for css-only from the upstream.' });
    h.registry.setFailure('reset');
    await assert.rejects(h.store.resolve(npm('css-only'), ''), { status: 502 });
    h.registry.setFailure(null);
    assert.equal((await h.store.resolve(npm('css-only'), '')).version, '1.0.0', 'and recovers when the registry is back');
  });

  it("keeps what went wrong as the error's cause, for the log: the answer's wording is the same whatever it was", async () => {
    // Packages asked for nowhere else here: none is in memory or on disk yet.
    const causeOf = async (failure: Parameters<Harness['registry']['setFailure']>[0], name: string): Promise<string> => {
      h.registry.setFailure(failure);
      try {
        await h.store.resolve(npm(name), '');
      } catch (error) {
        const { status } = error as { status: number };
        assert.equal((error as Error).message, `${status === 504 ? 'Timed out fetching' : 'Failed to fetch'} version info for ${name} from the upstream.`);
        const cause = (error as Error).cause as (Error & { code?: string }) | undefined;
        return `${cause?.code ?? ''} ${cause?.message ?? 'no cause'}`;
      } finally {
        h.registry.setFailure(null);
      }
      throw new Error('the registry failing was not noticed');
    };
    assert.match(await causeOf('500', 'colorkit'), /\/colorkit answered 500$/);
    assert.match(await causeOf('hang', 'datekit'), /within 1000 ms/);
    assert.match(await causeOf('reset', 'emitterkit'), /ECONNRESET|UND_ERR_SOCKET|other side closed/);
  });

  it('tries once more on another connection when one is dropped before any answer, as a kept-alive one can be', async () => {
    const documentPath = (path: string): boolean => path === '/arraykit';
    const archivePath = (path: string): boolean => path.startsWith('/arraykit/-/');
    h.registry.resetCounts();
    h.registry.setFailure({ mode: 'reset-once', match: documentPath });
    assert.equal((await h.store.resolve(npm('arraykit'), '')).name, 'arraykit');
    assert.equal(h.registry.totalRequests(documentPath), 2, 'the dropped request and the one that answered');
    h.registry.setFailure({ mode: 'reset-once', match: archivePath });
    const version = (await h.store.resolve(npm('arraykit'), '')).version;
    assert.ok((await h.store.listing(npm('arraykit'), version)).files.length > 0, 'the archive too');
    assert.equal(h.registry.totalRequests(archivePath), 2);
  });

  it('downloads an archive once more when the upstream closes the connection in the middle of it', async () => {
    const archivePath = (path: string): boolean => path.startsWith('/chartkit/-/');
    h.registry.resetCounts();
    h.registry.cutNextTarball(200);
    const file = await h.store.file(npm('chartkit'), '3.2.0', '/package.json');
    assert.equal(JSON.parse(await readStoredText(file!)).name, 'chartkit', 'served whole, from the second download');
    assert.equal(h.registry.totalRequests(archivePath), 2, 'the download cut short and the one that came whole');
    assert.ok((await h.store.listing(npm('chartkit'), '3.2.0')).files.length > 1);
  });

  it('resolves tags and ranges from the last known document, marked stale, while the registry is down', async () => {
    h.registry.setFailure('500');
    try {
      await h.store.expire(npm('tiny-lib'));
      assert.deepEqual(await h.store.resolve(npm('tiny-lib'), ''), {
        type: 'npm',
        name: 'tiny-lib',
        requested: '',
        version: '1.1.0',
        kind: 'alias',
        stale: true,
      });
      assert.equal((await h.store.resolve(npm('tiny-lib'), '^1.0.0')).stale, true);
      const exact = await h.store.resolve(npm('tiny-lib'), '1.1.0');
      assert.equal(exact.stale, false, 'an extracted exact version needs no document');
      const file = await h.store.file(npm('tiny-lib'), '1.1.0', '/dist/tiny.min.js');
      assert.ok(file, 'files of cached versions are still served');
      await assert.rejects(h.store.listing(npm('tiny-lib'), '1.0.0'), { status: 502 }, 'a version never fetched cannot be served');
    } finally {
      h.registry.setFailure(null);
    }
    await h.store.expire(npm('tiny-lib'));
    assert.equal((await h.store.resolve(npm('tiny-lib'), '')).stale, false, 'fresh again once the registry answers');
  });

  it('resolves after a restart while the registry is down, from the copy on disk', async () => {
    h.registry.setFailure('hang');
    try {
      // Documents expire at once in this store, so it has to ask the registry and fall back to the disk copy.
      const restarted = await h.restart({ documentTtlMs: 0, staleWhileRevalidateMs: 0 });
      assert.deepEqual(await restarted.resolve(npm('tiny-lib'), 'latest'), {
        type: 'npm',
        name: 'tiny-lib',
        requested: 'latest',
        version: '1.1.0',
        kind: 'alias',
        stale: true,
      });
      assert.equal((await restarted.resolve(npm('tiny-lib'), '1.1.0')).version, '1.1.0');
      const file = await restarted.file(npm('tiny-lib'), '1.1.0', '/dist/tiny.js');
      assert.match(await readStoredText(file!), /tiny-lib 1\.1\.0/);
      assert.equal((await restarted.listing(npm('tiny-lib'), '1.1.0')).default, '/dist/tiny.min.js');
      await assert.rejects(restarted.resolve(npm('never-seen'), ''), { status: 504 });
    } finally {
      h.registry.setFailure(null);
    }
  });

  it('resolves GitHub refs from the last known tags while GitHub is down', async () => {
    h.github.setFailure('500');
    try {
      await h.store.expire(gh('skylift-fixtures/tagged'));
      assert.deepEqual(await h.store.resolve(gh('skylift-fixtures/tagged'), '1'), {
        type: 'gh',
        name: 'skylift-fixtures/tagged',
        requested: '1',
        version: '1.2.0',
        kind: 'alias',
        stale: true,
      });
      assert.ok(await h.store.file(gh('skylift-fixtures/tagged'), '1.2.0', '/dist/lib.js'));
      await assert.rejects(h.store.resolve(gh('skylift-fixtures/untagged'), ''), { status: 502 });
    } finally {
      h.github.setFailure(null);
    }
  });

  it('leaves no version behind when a download stalls, and fetches it whole later', async () => {
    h.registry.setFailure({ mode: 'hang', match: (p: string) => p.endsWith('.tgz') });
    try {
      await assert.rejects(h.store.listing(npm('nested'), '1.0.0'), { status: 504, message: 'Timed out fetching nested@1.0.0 from the upstream.' });
      const root = path.join(h.dataDir, 'packages');
      assert.ok(!(await filesUnder(path.join(root, 'versions'))).some((f) => f.includes('nested')));
      assert.deepEqual(await filesUnder(path.join(root, 'staging')), []);
    } finally {
      h.registry.setFailure(null);
    }
    const listing = await h.store.listing(npm('nested'), '1.0.0');
    assert.equal(listing.files.length, 5);
  });

  it('clears what a crash left in the staging folder at start-up, and never takes a version without its index', async () => {
    const staging = path.join(h.dataDir, 'packages', 'staging', 'crashed-extraction');
    await fs.mkdir(staging, { recursive: true });
    await fs.writeFile(path.join(staging, '0'), 'half a file');
    const restarted = await h.restart();
    assert.deepEqual(await filesUnder(path.join(h.dataDir, 'packages', 'staging')), []);
    const before = h.registry.requestCount(h.registry.tarballPath('only-index', '1.0.0'));
    assert.equal((await restarted.listing(npm('only-index'), '1.0.0')).default, '/index.js');
    assert.equal(h.registry.requestCount(h.registry.tarballPath('only-index', '1.0.0')), before + 1);
  });
});
