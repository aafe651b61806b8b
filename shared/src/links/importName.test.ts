import { importNameOf } from './importName';

test.each([
  ['lodash.debounce', 'LodashDebounce'],
  ['3d-force', '_3dForce'],
  ['', 'm'],
  ['jquery', 'Jquery'],
  ['react_dom', 'ReactDom'],
  ['my package name', 'MyPackageName'],
  // Exactly as the rule says: the scope's @ and the slash are dropped, not split on.
  ['@babel/core', 'babelcore'],
  ['$-utils', '$Utils'],
  ['@@', 'm'],
  ['1', '_1'],
])('%j imports as %j', (name, expected) => {
  expect(importNameOf(name)).toBe(expected);
});
