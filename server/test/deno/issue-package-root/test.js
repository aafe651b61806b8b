// htmlparser2 3: lib/Stream.js requires the package root, require("../").
import assert from 'node:assert/strict';
import htmlparser from 'cdn/root-require-lib@3.0.0/+esm';

Deno.test('package root: a file requiring "../" gets the main file its package.json names', () => {
  const stream = new htmlparser.Stream();
  stream.write('hi');
  assert.deepEqual(stream.seen, ['text:hi', 'end']);
});
