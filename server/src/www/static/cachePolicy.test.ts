import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IMMUTABLE, REVALIDATE, cacheControlFor, isContentHashed } from './cachePolicy.ts';

describe('cache policy of build files', () => {
  it('caches names with a content hash forever', () => {
    for (const name of [
      'main.96c7b4e0.js',
      '163.c706e516.js',
      '__federation_expose_pages.650378ad.js',
      'styles.0a1b2c3d.css',
      'main.96c7b4e0.js.map',
      '325.05ecf898.js.LICENSE.txt',
      'assets/logo-3f9a0c1d.svg',
    ]) {
      assert.ok(isContentHashed(name), name);
      assert.equal(cacheControlFor(name), IMMUTABLE);
    }
  });

  it('revalidates entry points and names without a hash', () => {
    for (const name of [
      'remoteEntry.js',
      'mf-manifest.json',
      'mf-manifest-stats.json',
      'index.html',
      'favicon.ico',
      'main.js',
      'robots.txt',
      'runtime.abc.js',
    ]) {
      assert.ok(!isContentHashed(name), name);
      assert.equal(cacheControlFor(name), REVALIDATE);
    }
  });
});
