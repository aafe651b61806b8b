import { counterValue, figureMultiplier } from './animatedFigure';

test('the multiplier stays between 97 and 102 percent', () => {
  expect(figureMultiplier(0)).toBeCloseTo(0.97);
  expect(figureMultiplier(0.5)).toBeCloseTo(0.995);
  expect(figureMultiplier(0.999999)).toBeCloseTo(1.02);
});

test('a counter starts at its old value and lands exactly on the new one after 1000 ms', () => {
  expect(counterValue(100, 200, 0)).toBe(100);
  const middle = counterValue(100, 200, 500);
  expect(middle).toBeGreaterThan(150);
  expect(middle).toBeLessThan(200);
  expect(counterValue(100, 200, 1000)).toBe(200);
  expect(counterValue(100, 200, 5000)).toBe(200);
});
