import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PackageError } from '../types.ts';
import { createDiskDocuments } from './diskDocuments.ts';
import { DocumentCache } from './documentCache.ts';

interface Doc {
  n: number;
}

/** An upstream that answers the next number, or fails the way it is told to. */
function upstream() {
  let n = 0;
  let failWith: PackageError | null = null;
  let calls = 0;
  return {
    fetch: async (): Promise<Doc> => {
      calls++;
      if (failWith) throw failWith;
      return { n: ++n };
    },
    fail(error: PackageError | null) {
      failWith = error;
    },
    calls: () => calls,
  };
}

const clock = () => {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('document cache', () => {
  it('serves a fresh document without asking the upstream again', async () => {
    const up = upstream();
    const time = clock();
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 5000, maxEntries: 10, now: time.now });
    assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: false });
    time.advance(999);
    assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: false });
    assert.equal(up.calls(), 1);
  });

  it('reports each document that arrives from the upstream, never one served from memory or disk', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'doc-fetched-'));
    try {
      const up = upstream();
      const time = clock();
      const fetched: Array<[string, number]> = [];
      const options = {
        fetch: up.fetch,
        ttlMs: 1000,
        staleWhileRevalidateMs: 5000,
        maxEntries: 10,
        now: time.now,
        disk: createDiskDocuments<Doc>(dir),
        onFetched: (key: string, value: Doc) => void fetched.push([key, value.n]),
      };
      const cache = new DocumentCache<Doc>(options);
      await cache.get('a');
      await cache.get('a');
      assert.deepEqual(fetched, [['a', 1]]);
      time.advance(1500); // stale: served at once, refreshed in the background
      await cache.get('a');
      await settle();
      assert.deepEqual(fetched, [
        ['a', 1],
        ['a', 2],
      ]);
      await cache.flush();
      // A restart reads the copy on disk: nothing new arrived from the upstream.
      const restarted = new DocumentCache<Doc>(options);
      assert.deepEqual(await restarted.get('a'), { value: { n: 2 }, stale: false });
      assert.deepEqual(fetched, [
        ['a', 1],
        ['a', 2],
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('a failing listener of fetched documents never fails the lookup', async () => {
    const up = upstream();
    const errors: string[] = [];
    const cache = new DocumentCache<Doc>({
      fetch: up.fetch,
      ttlMs: 1000,
      staleWhileRevalidateMs: 5000,
      maxEntries: 10,
      onFetched: () => {
        throw new Error('index unavailable');
      },
      onBackgroundError: (key, error) => void errors.push(`${key}: ${(error as Error).message}`),
    });
    assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: false });
    assert.deepEqual(errors, ['a: index unavailable']);
  });

  it('coalesces concurrent misses into one upstream request', async () => {
    const up = upstream();
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 5000, maxEntries: 10 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('a')));
    assert.equal(up.calls(), 1);
    assert.ok(answers.every((a) => a.value.n === 1));
  });

  it('serves an expired document at once and refreshes it in the background', async () => {
    const up = upstream();
    const time = clock();
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 5000, maxEntries: 10, now: time.now });
    await cache.get('a');
    time.advance(1500);
    assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: false }, 'the old document, without waiting');
    await settle();
    assert.equal(up.calls(), 2);
    assert.deepEqual(await cache.get('a'), { value: { n: 2 }, stale: false }, 'the refreshed document next time');
  });

  it('awaits a refresh once the document is too old to serve, and after expire()', async () => {
    const up = upstream();
    const time = clock();
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 5000, maxEntries: 10, now: time.now });
    await cache.get('a');
    time.advance(7000);
    assert.deepEqual(await cache.get('a'), { value: { n: 2 }, stale: false });
    cache.expire('a');
    assert.deepEqual(await cache.get('a'), { value: { n: 3 }, stale: false });
  });

  it('answers from the last known document, marked stale, while the upstream is down', async () => {
    const up = upstream();
    const time = clock();
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 5000, maxEntries: 10, now: time.now });
    await cache.get('a');
    up.fail(PackageError.upstreamTimeout('a'));
    time.advance(10_000);
    assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: true });
    const callsWhileDown = up.calls();
    assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: true }, 'still stale, without asking again at once');
    assert.equal(up.calls(), callsWhileDown);
    up.fail(null);
    time.advance(10_000);
    assert.deepEqual(await cache.get('a'), { value: { n: 2 }, stale: false }, 'fresh again once the upstream is back');
  });

  it('does not hide a missing package behind an old document', async () => {
    const up = upstream();
    const time = clock();
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 0, maxEntries: 10, now: time.now });
    await cache.get('a');
    up.fail(PackageError.packageNotFound('a'));
    time.advance(2000);
    await assert.rejects(cache.get('a'), { status: 404 });
  });

  it('rejects when the upstream is down and nothing is known', async () => {
    const up = upstream();
    up.fail(PackageError.upstreamFailed('a'));
    const cache = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 0, maxEntries: 10 });
    await assert.rejects(cache.get('a'), { status: 502 });
  });

  it('keeps a copy on disk that a new cache (a restart) answers from while the upstream is down', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'document-cache-'));
    try {
      const up = upstream();
      const first = new DocumentCache<Doc>({ fetch: up.fetch, ttlMs: 1000, staleWhileRevalidateMs: 0, maxEntries: 10, disk: createDiskDocuments(dir) });
      await first.get('pkg');
      await first.flush();
      up.fail(PackageError.upstreamFailed('pkg'));
      const second = new DocumentCache<Doc>({
        fetch: up.fetch,
        ttlMs: 1000,
        staleWhileRevalidateMs: 0,
        maxEntries: 10,
        disk: createDiskDocuments(dir),
        now: () => Date.now() + 5000,
      });
      assert.deepEqual(await second.get('pkg'), { value: { n: 1 }, stale: true });
      const leftovers = (await fs.readdir(dir, { recursive: true })).filter((f) => String(f).endsWith('.tmp'));
      assert.deepEqual(leftovers, [], 'no temporary files left behind');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
  it('keeps documents within its memory in bytes, and reads one pushed out back from its disk copy without asking the upstream', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'doc-bytes-'));
    try {
      const up = upstream();
      const cache = new DocumentCache<Doc>({
        fetch: up.fetch,
        ttlMs: 60_000,
        staleWhileRevalidateMs: 5000,
        maxEntries: 1000,
        // Each document "takes" 400 bytes: two fit, a third pushes the oldest out.
        memory: { maxBytes: 1000, sizeOf: () => 400 },
        disk: createDiskDocuments<Doc>(dir),
      });
      for (const key of ['a', 'b', 'c']) await cache.get(key);
      await cache.flush();
      assert.equal(cache.peek('a'), null, 'the oldest left the memory');
      assert.deepEqual(cache.peek('c')?.value, { n: 3 });
      assert.deepEqual(await cache.get('a'), { value: { n: 1 }, stale: false }, 'read back from the disk');
      assert.equal(up.calls(), 3);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
