import { INVALID_URLS, PLACEHOLDER, TOO_MANY_URLS, cdnPathOf, splitUrls, validatePurgeInput } from './validation';

const cdn = 'https://cdn.example.test';

test('the validation texts are exactly as the purge page shows them', () => {
  expect(TOO_MANY_URLS).toBe('Allowed up to 10 URLs - one per line');
  expect(INVALID_URLS).toBe('Invalid URLs!');
  expect(PLACEHOLDER).toBe('Enter up to 10 URLs - one per line');
});

test('URLs are split on newlines and commas, trimmed, empties dropped', () => {
  expect(splitUrls(' a \n\n b,c ,, \n')).toEqual(['a', 'b', 'c']);
});

test('valid URLs of our CDN give their paths; http and https both count', () => {
  expect(validatePurgeInput(`${cdn}/npm/jquery@3/dist/jquery.min.js\nhttp://cdn.example.test/gh/u/r@main/a.js`, cdn)).toEqual({
    paths: ['/npm/jquery@3/dist/jquery.min.js', '/gh/u/r@main/a.js'],
    error: null,
    valid: true,
  });
});

test('more than 10 URLs is an error and disables the button', () => {
  const text = Array.from({ length: 11 }, (_, i) => `${cdn}/npm/p${i}@1/a.js`).join('\n');
  expect(validatePurgeInput(text, cdn)).toEqual({ paths: [], error: TOO_MANY_URLS, valid: false });
  expect(validatePurgeInput(text.split('\n').slice(0, 10).join(','), cdn).valid).toBe(true);
});

test.each([
  'https://other.example.test/npm/jquery@3/x.js',
  'ftp://cdn.example.test/npm/jquery@3/x.js',
  'cdn.example.test/npm/jquery@3/x.js',
  'https://cdn.example.test',
  'https://user:pw@cdn.example.test/npm/a@1/x.js',
  'not a url',
])('%s is not one of our CDN URLs', (url) => {
  expect(validatePurgeInput(`${cdn}/npm/ok@1/a.js\n${url}`, cdn)).toEqual({ paths: [], error: INVALID_URLS, valid: false });
});

test('empty input is neither valid nor an error', () => {
  expect(validatePurgeInput(' \n , ', cdn)).toEqual({ paths: [], error: null, valid: false });
});

test('a CDN served below a path prefix keeps only the path after it', () => {
  expect(cdnPathOf('http://127.0.0.1:9/cdn/npm/a@1/x.js', 'http://127.0.0.1:9/cdn')).toBe('/npm/a@1/x.js');
  expect(cdnPathOf('http://127.0.0.1:9/npm/a@1/x.js', 'http://127.0.0.1:9/cdn')).toBeNull();
});
