import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PackageError } from '../../packages/types.ts';
import { DEFAULT_OPTIONS } from '../../cdnUrl/esmOptions.ts';
import { parseEsmPath } from './parseEsmPath.ts';

test('module build URLs: entry, path, source map; everything else is not one', () => {
  assert.deepEqual(parseEsmPath('react@18/+esm'), {
    ref: { type: 'npm', name: 'react' },
    requested: '18',
    path: '',
    output: 'module',
    generation: null,
    options: DEFAULT_OPTIONS,
    targetGiven: false,
  });
  assert.deepEqual(parseEsmPath('@scope/pkg@1.0.0/dist/x.js/+esm'), {
    ref: { type: 'npm', name: '@scope/pkg' },
    requested: '1.0.0',
    path: '/dist/x.js',
    output: 'module',
    generation: null,
    options: DEFAULT_OPTIONS,
    targetGiven: false,
  });
  assert.deepEqual(parseEsmPath('pkg/+esm.map'), {
    ref: { type: 'npm', name: 'pkg' },
    requested: '',
    path: '',
    output: 'map',
    generation: null,
    options: DEFAULT_OPTIONS,
    targetGiven: false,
  });
  assert.deepEqual(parseEsmPath('pkg@1.0.0/client/+esm/b12'), {
    ref: { type: 'npm', name: 'pkg' },
    requested: '1.0.0',
    path: '/client',
    output: 'module',
    generation: 12,
    options: DEFAULT_OPTIONS,
    targetGiven: false,
  });
  assert.equal(parseEsmPath('pkg@1.0.0/+esm/b1.map')?.output, 'map');
  assert.equal(parseEsmPath('pkg@1.0.0/+esm/b1.map')?.generation, 1);
  assert.equal(parseEsmPath('pkg@1.0.0/+esm/b0'), null, 'generations start at 1');
  assert.equal(parseEsmPath('pkg@1.0.0/+esm/bx'), null);
  assert.equal(parseEsmPath('pkg@1/jsx-runtime/+esm/')?.path, '/jsx-runtime');
  assert.equal(parseEsmPath('pkg@1/+esm/x.js'), null);
  assert.equal(parseEsmPath('pkg@1/dist/x.js'), null);
  assert.throws(
    () => parseEsmPath('pkg@1/%2e%2e/+esm'),
    (e: unknown) => e instanceof PackageError && e.status === 400,
  );
});

test('build options come from the query string; a parameter that is no option is ignored, a bad value is a 400', () => {
  assert.deepEqual(parseEsmPath('react@18/+esm', 'target=es2018&dev')?.options, { dev: true, target: 'es2018', exports: null, deps: null, bundle: false });
  assert.deepEqual(parseEsmPath('react@18/+esm.map', 'dev')?.options, { dev: true, target: 'es2022', exports: null, deps: null, bundle: false });
  assert.equal(parseEsmPath('react@18/index.js', 'whatever'), null, 'the query of a plain file is not read');
  assert.deepEqual(parseEsmPath('react@18/+esm', 'bundled&v=1&dev')?.options, { dev: true, target: 'es2022', exports: null, deps: null, bundle: false });
  assert.equal(parseEsmPath('react@18/+esm', 'meta&v=1')?.output, 'meta');
  assert.throws(
    () => parseEsmPath('react@18/+esm', 'target=es1999'),
    (e: unknown) => e instanceof PackageError && e.status === 400 && /Unknown \+esm target "es1999"/.test(e.message),
  );
});
