import { clampPage, pageWindow } from './paging';

test('a window of five page numbers around the current page, shifted at the ends', () => {
  expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
  expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
  expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  expect(pageWindow(1, 0)).toEqual([]);
});

test('pages stay between 1 and the last page', () => {
  expect(clampPage(0, 5)).toBe(1);
  expect(clampPage(9, 5)).toBe(5);
  expect(clampPage(3, 0)).toBe(1);
});
