import { fileKindOf, isEsmPath, minifiedFileName } from './fileNames';

test('JS and CSS files get their minified name', () => {
  expect(minifiedFileName('/dist/lib.js')).toBe('/dist/lib.min.js');
  expect(minifiedFileName('/dist/theme.css')).toBe('/dist/theme.min.css');
});

test('minified files and other files keep their name', () => {
  expect(minifiedFileName('/dist/lib.min.js')).toBe('/dist/lib.min.js');
  expect(minifiedFileName('/dist/theme.min.css')).toBe('/dist/theme.min.css');
  expect(minifiedFileName('/dist/data.json')).toBe('/dist/data.json');
  expect(minifiedFileName('/dist/types.d.ts')).toBe('/dist/types.d.ts');
  expect(minifiedFileName('/.js')).toBe('/.js');
});

test('the kind of a file comes from its extension, +esm is a module build', () => {
  expect(fileKindOf('/a.js')).toBe('js');
  expect(fileKindOf('/A.CSS')).toBe('css');
  expect(fileKindOf('/a.mjs')).toBe('other');
  expect(fileKindOf('/logo.svg')).toBe('other');
  expect(fileKindOf('/+esm')).toBe('esm');
  expect(isEsmPath('/dist/+esm')).toBe(true);
});
