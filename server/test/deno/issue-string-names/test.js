// webidl-conversions, mime-db, globals: export names that are no identifier.
import assert from 'node:assert/strict';
import * as conversions from 'cdn/string-names-lib@8.0.1/+esm';
import * as db from 'cdn/string-names-lib@8.0.1/db.js/+esm';

Deno.test('string names: CommonJS names that are no identifier are exported as strings', () => {
  assert.equal(conversions['long long']('5.7'), 5);
  assert.equal(conversions['unsigned short'](65537), 1);
  assert.deepEqual(db['application/json'].extensions, ['json', 'map']);
  assert.deepEqual(db['react-native'], { __DEV__: false, fetch: false });
});
