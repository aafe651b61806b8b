/**
 * The 8-step colour scale of the country map and its legend. Traffic per country is heavily
 * skewed (a few countries send most requests), so the steps are spaced geometrically between the smallest
 * and the largest non-zero value; equal steps would paint all but one or two countries in the first colour.
 */
import { mapScale, palette } from '@skylift/shared/styles';

export const SCALE_STEPS = 8;

/** Light to dark; a country with no traffic keeps the map's base colour. */
export const SCALE_COLOURS: readonly string[] = mapScale;

export const NO_DATA_COLOUR: string = palette.slate200;

export interface ScaleStep {
  /** Lower bound, inclusive. */
  from: number;
  /** Upper bound, inclusive for the last step. */
  to: number;
  colour: string;
}

export interface ColourScale {
  steps: ScaleStep[];
  colourOf(value: number | undefined): string;
}

export function buildColourScale(values: Iterable<number>, colours: readonly string[] = SCALE_COLOURS): ColourScale {
  const positive = [...values].filter((value) => Number.isFinite(value) && value > 0);
  if (positive.length === 0) return { steps: [], colourOf: () => NO_DATA_COLOUR };
  const min = Math.min(...positive);
  const max = Math.max(...positive);
  const count = colours.length;
  // A single figure has nothing to be compared with: one step, in the darkest colour.
  if (min === max) {
    const only: ScaleStep = { from: min, to: max, colour: colours[count - 1] ?? NO_DATA_COLOUR };
    return { steps: [only], colourOf: (value) => (value !== undefined && value > 0 ? only.colour : NO_DATA_COLOUR) };
  }
  const ratio = Math.pow(max / min, 1 / count);
  const bounds: number[] = [];
  for (let i = 0; i <= count; i += 1) bounds.push(i === count ? max : min * Math.pow(ratio, i));
  const steps: ScaleStep[] = colours.map((colour, i) => ({ from: bounds[i] ?? min, to: bounds[i + 1] ?? max, colour }));
  const colourOf = (value: number | undefined): string => {
    if (value === undefined || !Number.isFinite(value) || value <= 0) return NO_DATA_COLOUR;
    // The first step whose upper bound holds the value; rounding can leave the maximum a hair above the last bound.
    const step = steps.find((candidate) => value <= candidate.to) ?? steps[steps.length - 1];
    return step?.colour ?? NO_DATA_COLOUR;
  };
  return { steps, colourOf };
}
