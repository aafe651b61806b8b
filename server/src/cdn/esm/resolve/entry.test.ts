import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportsTarget, importsTarget, joinPackagePath, mainAlternative, resolveEntry, splitBareSpecifier } from './entry.ts';

const files = (...paths: string[]) => ({ has: (p: string) => paths.includes(p) });

test('the entry: exports (browser, import, default, in the package key order), then module, jsnext:main, main, index.js', () => {
  const all = files('/browser.js', '/node.js', '/esm.js', '/main.js', '/next.js', '/index.js', '/lib/index.js');
  assert.equal(resolveEntry({ exports: { '.': { node: './node.js', browser: './browser.js', default: './main.js' } } }, all, ''), '/browser.js');
  assert.equal(resolveEntry({ exports: { require: './main.js', import: './esm.js' } }, all, ''), '/esm.js');
  assert.equal(resolveEntry({ exports: './main.js', module: './esm.js' }, all, ''), '/main.js');
  assert.equal(resolveEntry({ module: 'esm.js', main: 'main.js' }, all, ''), '/esm.js');
  assert.equal(resolveEntry({ 'jsnext:main': 'next', main: 'main.js' }, all, ''), '/next.js');
  assert.equal(resolveEntry({ main: 'lib' }, all, ''), '/lib/index.js');
  assert.equal(resolveEntry({}, all, ''), '/index.js');
  assert.equal(resolveEntry({}, files('/other.js'), ''), null);
});

test('a string browser field is the entry the package asks browsers to load, before module and main; exports still come first', () => {
  const all = files('/browser.js', '/esm.js', '/main.js');
  assert.equal(resolveEntry({ browser: './browser.js', module: 'esm.js', main: 'main.js' }, all, ''), '/browser.js');
  assert.equal(resolveEntry({ exports: './main.js', browser: './browser.js' }, all, ''), '/main.js');
  assert.equal(resolveEntry({ browser: { './main.js': './browser.js' }, main: 'main.js' }, all, ''), '/main.js', 'an object browser field maps files instead');
});

test('the main file is the alternative only to an entry taken from module or jsnext:main', () => {
  const all = files('/browser.js', '/esm.js', '/main.js', '/index.js');
  assert.equal(mainAlternative({ module: 'esm.js', main: 'main.js' }, all, '/esm.js'), '/main.js');
  assert.equal(mainAlternative({ module: 'esm.js' }, all, '/esm.js'), '/index.js', 'index.js is what Node loads without main');
  assert.equal(mainAlternative({ module: 'esm.js', main: 'main.js' }, all, '/main.js'), null);
  assert.equal(mainAlternative({ exports: './esm.js', module: 'esm.js', main: 'main.js' }, all, '/esm.js'), null, 'an exports map is what Node reads');
  assert.equal(mainAlternative({ browser: './browser.js', module: 'esm.js', main: 'main.js' }, all, '/browser.js'), null);
  assert.equal(mainAlternative({ module: 'esm.js', main: 'esm.js' }, all, '/esm.js'), null);
});

test('a path: an exports subpath or pattern first, else the file with the usual extensions', () => {
  const all = files('/feature.mjs', '/src/utils/slug.js', '/lib/a.js', '/lib/b/index.js');
  const manifest = { exports: { '.': './lib/a.js', './feature': { import: './feature.mjs' }, './utils/*': './src/utils/*.js' } };
  assert.equal(resolveEntry(manifest, all, '/feature'), '/feature.mjs');
  assert.equal(resolveEntry(manifest, all, '/utils/slug'), '/src/utils/slug.js');
  assert.equal(resolveEntry(manifest, all, '/lib/a'), '/lib/a.js');
  assert.equal(resolveEntry(manifest, all, '/lib/b'), '/lib/b/index.js');
  assert.equal(resolveEntry(manifest, all, '/missing'), null);
});

test('exports targets and package paths', () => {
  assert.equal(exportsTarget({ './x': null }, './x'), null);
  assert.equal(exportsTarget({ './x': './x.js' }, './y'), undefined);
  assert.equal(exportsTarget({ './dir/': './src/' }, './dir/a.js'), './src/a.js');
  assert.equal(exportsTarget([{ worker: './w.js' }, './d.js'], '.'), './d.js');
  assert.equal(joinPackagePath('/a/b', '../c.js'), '/a/c.js');
  assert.equal(joinPackagePath('/', '../x'), null);
  assert.deepEqual(splitBareSpecifier('@scope/pkg/sub/file.js'), { name: '@scope/pkg', subpath: '/sub/file.js' });
  assert.deepEqual(splitBareSpecifier('react'), { name: 'react', subpath: '' });
});

test('subpath imports: exact names, then * patterns, with the browser conditions; no folder keys; never outside the package', () => {
  const imports = {
    '#styles': './vendor/styles.js',
    '#color': { node: './color-node.js', default: './color-browser.js' },
    '#internal/*': './src/internal/*.js',
    '#internal/special': './src/special.js',
    '#dep': 'other-package/sub',
    '#dir/': './dir/',
    '#escape': './../outside.js',
  };
  assert.equal(importsTarget(imports, '#styles'), './vendor/styles.js');
  assert.equal(importsTarget(imports, '#color'), './color-browser.js');
  assert.equal(importsTarget(imports, '#internal/a/b'), './src/internal/a/b.js');
  assert.equal(importsTarget(imports, '#internal/special'), './src/special.js');
  assert.equal(importsTarget(imports, '#dep'), 'other-package/sub');
  assert.equal(importsTarget(imports, '#dir/x.js'), undefined);
  assert.equal(importsTarget(imports, '#escape'), null);
  assert.equal(importsTarget(imports, '#missing'), undefined);
  assert.equal(importsTarget(undefined, '#styles'), undefined);
});
