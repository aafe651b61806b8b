import { moveActive } from './activeOption';

test('Down from none goes to the first, Up from none to the last', () => {
  expect(moveActive(-1, 5, 1)).toBe(0);
  expect(moveActive(-1, 5, -1)).toBe(4);
});

test('Up and Down wrap around the list', () => {
  expect(moveActive(4, 5, 1)).toBe(0);
  expect(moveActive(0, 5, -1)).toBe(4);
  expect(moveActive(2, 5, 1)).toBe(3);
});

test('an empty list has nothing to highlight', () => {
  expect(moveActive(-1, 0, 1)).toBe(-1);
});
