import { htmlFor, moduleImportTag, scriptTag, stylesheetTag } from './tags';

const URL_JS = 'https://cdn.example.test/npm/a@1.0.0/a.js';

test('a JS file becomes a script tag', () => {
  expect(htmlFor(URL_JS, 'js')).toBe(`<script src="${URL_JS}"></script>`);
});

test('a CSS file becomes a stylesheet link', () => {
  expect(htmlFor('https://cdn.example.test/npm/a@1.0.0/a.css', 'css')).toBe('<link rel="stylesheet" href="https://cdn.example.test/npm/a@1.0.0/a.css">');
});

test('other files have no HTML form', () => {
  expect(htmlFor('https://cdn.example.test/npm/a@1.0.0/a.json', 'other')).toBeNull();
});

test('a +esm path becomes a module import named after the package', () => {
  expect(htmlFor('https://cdn.example.test/npm/lodash.debounce@1.0.0/+esm', 'esm', { importName: 'LodashDebounce' })).toBe(
    '<script type="module"> import LodashDebounce from \'https://cdn.example.test/npm/lodash.debounce@1.0.0/+esm\' </script>',
  );
  expect(moduleImportTag('https://x.test/+esm', 'm')).toBe('<script type="module"> import m from \'https://x.test/+esm\' </script>');
});

test('SRI adds integrity sha256-{hash} and crossorigin anonymous', () => {
  expect(scriptTag(URL_JS, 'abc+/=')).toBe(`<script src="${URL_JS}" integrity="sha256-abc+/=" crossorigin="anonymous"></script>`);
  expect(stylesheetTag('https://x.test/a.css', 'h=')).toBe('<link rel="stylesheet" href="https://x.test/a.css" integrity="sha256-h=" crossorigin="anonymous">');
});

test('quotes in a URL cannot break out of the attribute', () => {
  expect(scriptTag('https://x.test/a".js')).toBe('<script src="https://x.test/a&quot;.js"></script>');
});
