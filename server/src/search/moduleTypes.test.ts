import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageTypes } from './moduleTypes.ts';

describe('module and style types of a package', () => {
  it('reads ESM from "type": "module" and from the module field', () => {
    assert.deepEqual(packageTypes({ type: 'module', main: 'index.js' }).moduleTypes, ['esm']);
    assert.deepEqual(packageTypes({ main: 'lib/index.js', module: 'es/index.js' }).moduleTypes, ['esm', 'cjs']);
  });

  it('reads conditional exports: import, require and file extensions', () => {
    const types = packageTypes({ exports: { '.': { import: './index.mjs', require: './index.cjs', types: './index.d.ts' } } });
    assert.deepEqual(types.moduleTypes, ['esm', 'cjs']);
    assert.deepEqual(packageTypes({ exports: './dist/index.mjs' }).moduleTypes, ['esm']);
    assert.deepEqual(packageTypes({ main: 'dist/index.cjs' }).moduleTypes, ['cjs']);
  });

  it('finds style sheets in fields, exports and files', () => {
    assert.deepEqual(packageTypes({ style: 'dist/css/bootstrap.css', main: 'dist/js/bootstrap.js' }), { moduleTypes: ['cjs'], styleTypes: ['css'] });
    assert.deepEqual(packageTypes({ exports: { './styles': './src/main.scss' }, main: 'index.js' }).styleTypes, ['scss']);
    assert.deepEqual(packageTypes({ main: 'index.js' }, ['/index.js', '/less/theme.less', '/css/theme.css']).styleTypes, ['css', 'less']);
    assert.deepEqual(packageTypes({ main: 'index.js' }).styleTypes, ['none']);
  });

  it('says none for a package without scripts and unknown when nothing tells', () => {
    assert.deepEqual(packageTypes({ style: 'normalize.css' }).moduleTypes, ['none']);
    assert.deepEqual(packageTypes({}, ['/README.md', '/fonts/icons.woff2', '/css/icons.css']).moduleTypes, ['none']);
    assert.deepEqual(packageTypes({}, ['/index.js', '/package.json']).moduleTypes, ['cjs']);
    assert.deepEqual(packageTypes({}).moduleTypes, ['unknown']);
  });
});
