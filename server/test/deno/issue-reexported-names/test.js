// redux-saga 1.2: eventChannel is re-exported from @redux-saga/core with export *.
import assert from 'node:assert/strict';
import createSagaMiddleware, { END, eventChannel } from 'cdn/saga-like@1.2.0/+esm';
import { channel } from 'cdn/@skylift-fixtures/saga-core@1.2.0/+esm';
import * as utils from 'cdn/star-module-lib@1.0.6/+esm';

Deno.test('re-exported names: eventChannel of the other package is a function, not undefined', () => {
  assert.equal(typeof eventChannel, 'function');
  assert.equal(typeof channel, 'function');
  assert.equal(typeof createSagaMiddleware, 'function');
  assert.deepEqual(END, { type: '@@saga/END' });
});

Deno.test("re-exported names: an ES module entry re-exporting another package keeps its names, not its CommonJS main's (jsonrpc-utils)", () => {
  assert.equal(typeof utils.eventChannel, 'function');
  assert.equal(typeof utils.isReactNative, 'function');
  assert.equal('__esModule' in utils, false);
});
