import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFERENCE_RENDERER_INTEGRITY, REFERENCE_RENDERER_PATH, referenceRendererConfig } from './referenceRenderer.ts';

const CDN = 'https://cdn.example.test/';
const HASH = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

describe('the API reference renderer', () => {
  it('is by default Scalar’s standalone build at its pinned version on our CDN, with its pinned hash', () => {
    assert.deepEqual(referenceRendererConfig({}, CDN), {
      url: 'https://cdn.example.test/npm/@scalar/api-reference@1.72.1/dist/browser/standalone.js',
      integrity: REFERENCE_RENDERER_INTEGRITY,
    });
    assert.equal(REFERENCE_RENDERER_PATH, '/npm/@scalar/api-reference@1.72.1/dist/browser/standalone.js');
  });

  it('is another copy when the deployment names one with its hash: a path on the CDN or an address', () => {
    const env = { SKYLIFT_REFERENCE_RENDERER_URL: '/npm/renderer@1.0.0/index.js', SKYLIFT_REFERENCE_RENDERER_INTEGRITY: HASH };
    assert.deepEqual(referenceRendererConfig(env, CDN), { url: 'https://cdn.example.test/npm/renderer@1.0.0/index.js', integrity: HASH });
    const elsewhere = { ...env, SKYLIFT_REFERENCE_RENDERER_URL: 'https://static.example.test/renderer.js' };
    assert.equal(referenceRendererConfig(elsewhere, CDN).url, 'https://static.example.test/renderer.js');
  });

  it('refuses an address without its hash, a hash that is none, and an address a policy header cannot hold', () => {
    assert.throws(() => referenceRendererConfig({ SKYLIFT_REFERENCE_RENDERER_URL: '/npm/renderer@1.0.0/index.js' }, CDN), /set together/);
    assert.throws(() => referenceRendererConfig({ SKYLIFT_REFERENCE_RENDERER_INTEGRITY: HASH }, CDN), /set together/);
    const url = { SKYLIFT_REFERENCE_RENDERER_URL: '/npm/renderer@1.0.0/index.js' };
    assert.throws(() => referenceRendererConfig({ ...url, SKYLIFT_REFERENCE_RENDERER_INTEGRITY: 'md5-abc' }, CDN), /no SRI hash/);
    for (const bad of ['javascript:alert(1)', 'https://x.test/a.js; script-src *', 'renderer.js']) {
      assert.throws(() => referenceRendererConfig({ SKYLIFT_REFERENCE_RENDERER_URL: bad, SKYLIFT_REFERENCE_RENDERER_INTEGRITY: HASH }, CDN), /neither/, bad);
    }
  });
});
