import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptedEncodings } from './acceptEncoding.ts';

describe('Accept-Encoding', () => {
  it('prefers Brotli, then gzip, among what the client accepts', () => {
    assert.deepEqual(acceptedEncodings('gzip, deflate, br'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('gzip'), ['gzip']);
    assert.deepEqual(acceptedEncodings('br'), ['br']);
  });

  it('follows q-values, including q=0 refusals and the wildcard', () => {
    assert.deepEqual(acceptedEncodings('br;q=0.5, gzip;q=1'), ['gzip', 'br']);
    assert.deepEqual(acceptedEncodings('gzip, br;q=0'), ['gzip']);
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('*;q=0, gzip'), ['gzip']);
  });

  it('offers nothing compressed to a client that asks for none', () => {
    assert.deepEqual(acceptedEncodings(undefined), []);
    assert.deepEqual(acceptedEncodings(''), []);
    assert.deepEqual(acceptedEncodings('identity'), []);
  });
});
