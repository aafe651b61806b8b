import { paginationWindow } from './paginationWindow';

test.each([
  [0, 1, [0]],
  [0, 3, [0, 1, 2]],
  [0, 20, [0, 1, 2, 3, 4]],
  [1, 20, [0, 1, 2, 3, 4]],
  [7, 20, [5, 6, 7, 8, 9]],
  [18, 20, [15, 16, 17, 18, 19]],
  [19, 20, [15, 16, 17, 18, 19]],
  [40, 20, [15, 16, 17, 18, 19]],
  [0, 0, []],
])('page %i of %i shows %j', (current, total, expected) => {
  expect(paginationWindow(current, total)).toEqual(expected);
});
