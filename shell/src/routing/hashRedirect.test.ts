import { hashRedirectTarget } from './hashRedirect';

test('/ with a hash goes to /projects/ plus the hash without its first two characters', () => {
  expect(hashRedirectTarget('/', '#!jquery')).toBe('/projects/jquery');
  expect(hashRedirectTarget('/', '#/bootstrap')).toBe('/projects/bootstrap');
});

test('no hash, or another page, is left alone', () => {
  expect(hashRedirectTarget('/', '')).toBeNull();
  expect(hashRedirectTarget('/about', '#people')).toBeNull();
});
