import { hashRedirectTarget } from './hashRedirect';

test('/ with a hash goes to the package page named by the hash without its first two characters', async () => {
  expect(await hashRedirectTarget('/', '#!jquery')).toBe('/package/npm/jquery');
  expect(await hashRedirectTarget('/', '#/bootstrap')).toBe('/package/npm/bootstrap');
  expect(await hashRedirectTarget('/', '#!@babel/core')).toBe('/package/npm/@babel/core');
});

test('an old /projects/ address goes to the package page', async () => {
  expect(await hashRedirectTarget('/projects/jquery', '')).toBe('/package/npm/jquery');
});

test('no hash, a hash naming no package, or another page, is left alone', async () => {
  expect(await hashRedirectTarget('/', '')).toBeNull();
  expect(await hashRedirectTarget('/', '#top')).toBeNull();
  expect(await hashRedirectTarget('/', '#!<x>')).toBeNull();
  expect(await hashRedirectTarget('/about', '#people')).toBeNull();
});
