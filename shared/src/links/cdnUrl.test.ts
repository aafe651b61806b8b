import { combinedUrl, fileUrl } from './cdnUrl';

const CDN = 'https://cdn.example.test/';
const lodash = { type: 'npm' as const, name: 'lodash', version: '4.17.21', file: '/lodash.js' };

test('npm files link as {cdn}/npm/{name}@{version}/{file}', () => {
  expect(fileUrl(CDN, lodash)).toBe('https://cdn.example.test/npm/lodash@4.17.21/lodash.js');
});

test('scoped npm names keep their scope', () => {
  expect(fileUrl(CDN, { type: 'npm', name: '@scope/pkg', version: '1.0.0', file: 'index.js' })).toBe('https://cdn.example.test/npm/@scope/pkg@1.0.0/index.js');
});

test('GitHub files link as {cdn}/gh/{user}/{repo}@{version}/{file}', () => {
  expect(fileUrl(CDN, { type: 'gh', name: 'octo/widgets', version: 'v2.1.0', file: '/dist/w.css' })).toBe(
    'https://cdn.example.test/gh/octo/widgets@v2.1.0/dist/w.css',
  );
});

test('version aliasing of the install block', () => {
  expect(fileUrl(CDN, lodash, { alias: 'minor' })).toBe('https://cdn.example.test/npm/lodash@4.17/lodash.js');
  expect(fileUrl(CDN, lodash, { alias: 'major' })).toBe('https://cdn.example.test/npm/lodash@4/lodash.js');
  expect(fileUrl(CDN, lodash, { alias: 'none' })).toBe('https://cdn.example.test/npm/lodash/lodash.js');
});

test('minify and major-only', () => {
  expect(fileUrl(CDN, lodash, { minify: true, majorOnly: true })).toBe('https://cdn.example.test/npm/lodash@4/lodash.min.js');
  expect(fileUrl(CDN, { ...lodash, version: '0.3.1' }, { majorOnly: true })).toBe('https://cdn.example.test/npm/lodash@0.3.1/lodash.js');
});

test('combined links join the parts with commas after /combine/', () => {
  const url = combinedUrl(CDN, [lodash, { type: 'gh', name: 'octo/widgets', version: '2.0.0', file: '/w.js' }], { minify: true });
  expect(url).toBe('https://cdn.example.test/combine/npm/lodash@4.17.21/lodash.min.js,gh/octo/widgets@2.0.0/w.min.js');
});
