import { hashRedirectTarget } from './hashRedirect';

test('/ with a hash goes to the package page named by the hash without its first two characters', () => {
  expect(hashRedirectTarget('/', '#!jquery')).toBe('/package/npm/jquery');
  expect(hashRedirectTarget('/', '#/bootstrap')).toBe('/package/npm/bootstrap');
  expect(hashRedirectTarget('/', '#!@babel/core')).toBe('/package/npm/@babel/core');
});

test('an old /projects/ address goes to the package page', () => {
  expect(hashRedirectTarget('/projects/jquery', '')).toBe('/package/npm/jquery');
});

test('no hash, a hash naming no package, or another page, is left alone', () => {
  expect(hashRedirectTarget('/', '')).toBeNull();
  expect(hashRedirectTarget('/', '#top')).toBeNull();
  expect(hashRedirectTarget('/', '#!<x>')).toBeNull();
  expect(hashRedirectTarget('/about', '#people')).toBeNull();
});
