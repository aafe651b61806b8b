import { legacyProjectTarget, legacyProjectsRedirect } from './legacyProjects';

test('an old project address leads to the npm package page', () => {
  expect(legacyProjectsRedirect('/projects/jquery')).toBe('/package/npm/jquery');
  expect(legacyProjectsRedirect('/projects/@babel/core')).toBe('/package/npm/@babel/core');
  expect(legacyProjectsRedirect('/projects/%40babel%2Fcore')).toBe('/package/npm/@babel/core');
  expect(legacyProjectsRedirect('/projects/jquery/')).toBe('/package/npm/jquery');
});

test('anything that is no package name is left alone', () => {
  expect(legacyProjectsRedirect('/about')).toBeNull();
  expect(legacyProjectsRedirect('/projects/')).toBeNull();
  expect(legacyProjectsRedirect('/projects/a/b/c')).toBeNull();
  expect(legacyProjectTarget('%E0%A4%A')).toBeNull();
  expect(legacyProjectTarget('<script>')).toBeNull();
});
