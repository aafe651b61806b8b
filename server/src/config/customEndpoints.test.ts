import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CUSTOM_ENDPOINTS, parseCustomEndpoints } from './customEndpoints.ts';

test('the six built-in endpoints ship by default, under their statistics names', () => {
  assert.deepEqual(
    parseCustomEndpoints(undefined).map((e) => e.name),
    ['cocoa', 'ghost', 'pyodide', 'musescore', 'fontsource', 'yocto-sstate'],
  );
  assert.equal(parseCustomEndpoints('').length, DEFAULT_CUSTOM_ENDPOINTS.length);
});

test('an operator list replaces the defaults; trailing slashes of upstreams are dropped', () => {
  assert.deepEqual(parseCustomEndpoints('[{"name":"docs","path":"/docs","upstream":"http://127.0.0.1:9/base/"}]'), [
    { name: 'docs', path: '/docs', upstream: 'http://127.0.0.1:9/base' },
  ]);
  assert.deepEqual(parseCustomEndpoints('[{"name":"x","path":"/x"}]'), [{ name: 'x', path: '/x', upstream: null }]);
  assert.deepEqual(parseCustomEndpoints('[{"name":"g","path":"/g","npmScope":"@tryghost"}]'), [
    { name: 'g', path: '/g', upstream: null, npmScope: '@tryghost' },
  ]);
});

test('bad lists are refused with a message naming the entry', () => {
  assert.throws(() => parseCustomEndpoints('{'), /JSON array/);
  assert.throws(() => parseCustomEndpoints('[{"name":"Bad Name","path":"/x"}]'), /\[0\]\.name/);
  assert.throws(() => parseCustomEndpoints('[{"name":"x","path":"/npm"}]'), /\[0\]\.path/);
  assert.throws(() => parseCustomEndpoints('[{"name":"x","path":"/a/b"}]'), /\[0\]\.path/);
  assert.throws(() => parseCustomEndpoints('[{"name":"x","path":"/x"},{"name":"y","path":"/x"}]'), /listed twice/);
  assert.throws(() => parseCustomEndpoints('[{"name":"x","path":"/x","upstream":"file:///etc"}]'), /upstream/);
  assert.throws(() => parseCustomEndpoints('[{"name":"x","path":"/x","npmScope":"tryghost"}]'), /npmScope/);
});
