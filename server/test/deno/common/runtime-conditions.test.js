// exports conditions in Deno: deno, node and import, never browser, whose files may read `document`
// (micromark's character decoder), which Deno has not.
import assert from 'node:assert/strict';
import { runtime } from 'cdn/runtime-conditions-lib@1.0.0/+esm';
import { decode } from 'cdn/runtime-conditions-lib@1.0.0/decode/+esm';
import { runtime as explicit } from 'cdn/runtime-conditions-lib@1.0.0/+esm?target=denonext';

Deno.test('runtime-conditions: the deno condition is chosen, by the User-Agent or by ?target=denonext', () => {
  assert.equal(runtime, 'deno');
  assert.equal(explicit, 'deno');
});

Deno.test('runtime-conditions: a subpath whose browser file reads document loads its default file (not "document is not defined")', () => {
  assert.equal(typeof globalThis.document, 'undefined');
  assert.equal(decode('amp'), '&');
});
