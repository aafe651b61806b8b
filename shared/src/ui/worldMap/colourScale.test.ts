import { buildColourScale, NO_DATA_COLOUR, SCALE_COLOURS } from './colourScale';

test('eight steps from the smallest to the largest figure, each in its own colour', () => {
  const scale = buildColourScale([5, 50, 500, 5000]);
  expect(scale.steps).toHaveLength(8);
  expect(scale.steps[0]?.from).toBe(5);
  expect(scale.steps[7]?.to).toBe(5000);
  expect(scale.colourOf(5)).toBe(SCALE_COLOURS[0]);
  expect(scale.colourOf(5000)).toBe(SCALE_COLOURS[7]);
  expect(scale.colourOf(0)).toBe(NO_DATA_COLOUR);
  expect(scale.colourOf(undefined)).toBe(NO_DATA_COLOUR);
});

test('no figure above zero gives no steps', () => {
  expect(buildColourScale([0, 0]).steps).toEqual([]);
});

test('one figure fills the darkest colour in a single step', () => {
  const scale = buildColourScale([42, 0]);
  expect(scale.steps).toHaveLength(1);
  expect(scale.colourOf(42)).toBe(SCALE_COLOURS[7]);
});
