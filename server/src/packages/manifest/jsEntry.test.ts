/** Whether a package.json names a JavaScript entry the CDN's module build starts from: exports, module, jsnext:main, main; type declarations are not one. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasJsEntry } from './jsEntry.ts';

test('reads the JavaScript entry from package.json like the module build does', () => {
  assert.equal(hasJsEntry({ module: 'dist/lib.mjs' }), true);
  assert.equal(hasJsEntry({ exports: { '.': { import: './a.mjs', require: './a.cjs' } } }), true);
  assert.equal(hasJsEntry({ main: 'index.js' }), true);
  assert.equal(hasJsEntry({ main: 'lib' }), true);
  assert.equal(hasJsEntry({ main: 'dist/style.css' }), false);
  assert.equal(hasJsEntry({ style: 'a.css' }), false);
  assert.equal(hasJsEntry(null), false);
});

test('type declarations are not JavaScript: a types-only package has nothing for the module build', () => {
  // type-fest 5: exports with a types condition only.
  assert.equal(
    hasJsEntry({ type: 'module', exports: { '.': { types: './index.d.ts' }, './globals': { types: './source/globals/index.d.ts' } }, types: './index.d.ts' }),
    false,
  );
  // type-fest 0.x to 4: a types field and nothing else.
  assert.equal(hasJsEntry({ types: './index.d.ts' }), false);
  assert.equal(hasJsEntry({ typings: 'index.d.ts' }), false);
  assert.equal(hasJsEntry({ exports: { types: './index.d.ts' } }), false);
  assert.equal(hasJsEntry({ main: 'index.d.ts' }), false);
  // Beside a JavaScript entry, declarations change nothing; neither does a subpath's JavaScript without one for the package itself.
  assert.equal(hasJsEntry({ exports: { '.': { types: './index.d.ts', default: './index.js' } } }), true);
  assert.equal(hasJsEntry({ exports: { types: './index.d.ts', import: './index.mjs' } }), true);
  assert.equal(hasJsEntry({ exports: './lib/index.js' }), true);
  assert.equal(hasJsEntry({ exports: { '.': { types: './index.d.ts' } }, main: './lib/index.js' }), true);
  assert.equal(hasJsEntry({ exports: { './extra': './extra.js' }, types: './index.d.ts' }), false);
});
