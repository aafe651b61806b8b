import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEdgeFeeds } from './edgeFeeds.ts';

test('SKYLIFT_EDGE_LOGS names a folder per provider; unknown or repeated providers are configuration errors', () => {
  assert.deepEqual(parseEdgeFeeds(undefined), []);
  assert.deepEqual(parseEdgeFeeds('cloudflare=/logs/cf, Bunny=/logs/bunny'), [
    { provider: 'cloudflare', dir: '/logs/cf' },
    { provider: 'bunny', dir: '/logs/bunny' },
  ]);
  assert.throws(() => parseEdgeFeeds('akamai=/logs'), /unknown provider "akamai"/);
  assert.throws(() => parseEdgeFeeds('fastly=/a,fastly=/b'), /listed twice/);
  assert.throws(() => parseEdgeFeeds('fastly'), /provider=folder/);
  assert.throws(() => parseEdgeFeeds('constructor=/x'), /unknown provider/);
});
