import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './testing/storeHarness.ts';

describe('package store: request coalescing', () => {
  let h: Harness;
  before(async () => {
    // The delay keeps the first download open while the other requests arrive.
    h = await startHarness({ registry: { tarballDelayMs: 100 } });
  });
  after(() => h.close());

  it('makes exactly one upstream download for a thousand simultaneous first requests', async () => {
    const ref = { type: 'npm' as const, name: 'with-html' };
    const files = await Promise.all(Array.from({ length: 1000 }, () => h.store.file(ref, '1.0.0', '/main.js')));
    assert.ok(files.every((f) => f !== null && f.diskPath === files[0]!.diskPath));
    assert.equal(h.registry.requestCount(h.registry.tarballPath('with-html', '1.0.0')), 1);
    // An exact version needs its own document only, asked for once, not the package's.
    assert.equal(h.registry.requestCount(`${h.registry.documentPath('with-html')}/1.0.0`), 1);
    assert.equal(h.registry.requestCount(h.registry.documentPath('with-html')), 0);
  });

  it('makes one download for simultaneous first requests spread over stores sharing the folder (CDN workers, other services)', async () => {
    const ref = { type: 'npm' as const, name: 'tiny-lib' };
    const stores = [h.store, await h.restart(), await h.restart(), await h.restart()];
    const files = await Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % stores.length]!.file(ref, '1.0.0', '/package.json')));
    assert.ok(files.every((f) => f !== null && f.diskPath === files[0]!.diskPath));
    assert.equal(h.registry.requestCount(h.registry.tarballPath('tiny-lib', '1.0.0')), 1);
  });

  it('resolves a thousand simultaneous range requests with one document request', async () => {
    const ref = { type: 'npm' as const, name: 'fields-lib' };
    const resolved = await Promise.all(Array.from({ length: 1000 }, (_, i) => h.store.resolve(ref, i % 2 ? '1' : '')));
    assert.ok(resolved.every((r) => r.version === '1.2.0'));
    assert.equal(h.registry.requestCount(h.registry.documentPath('fields-lib')), 1);
  });

  it('makes one archive download for a thousand simultaneous requests of a GitHub tag', async () => {
    const ref = { type: 'gh' as const, name: 'skylift-fixtures/tagged' };
    const listings = await Promise.all(Array.from({ length: 1000 }, () => h.store.listing(ref, '1.1.0')));
    assert.ok(listings.every((l) => l.files.length === 5));
    const sha = h.github.sha('skylift-fixtures', 'tagged', 'c2');
    assert.equal(h.github.requestCount(`/archive/skylift-fixtures/tagged/tar.gz/${sha}`), 1);
    assert.equal(h.github.requestCount('/api/repos/skylift-fixtures/tagged/tags'), 1);
  });
});
