import { NEW_GROWTH, displayedGrowth, formatGrowth, growthPercent, isNewGrowth } from './growth';

describe('growthPercent', () => {
  it('is the percentage change from the previous period', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 100)).toBe(-50);
    expect(growthPercent(100, 100)).toBe(0);
  });

  it('is new (no percentage) when the previous value is zero and the current one is not', () => {
    expect(growthPercent(42, 0)).toBe(NEW_GROWTH);
    expect(isNewGrowth(growthPercent(42, 0))).toBe(true);
    expect(formatGrowth(growthPercent(42, 0))).toBe('new');
  });

  it('is 0 when both values are zero', () => {
    expect(growthPercent(0, 0)).toBe(0);
  });

  it('is NaN for missing values', () => {
    expect(growthPercent(NaN, 1)).toBeNaN();
  });
});

describe('formatGrowth', () => {
  it('rounds to a whole percentage', () => {
    expect(formatGrowth(12.4)).toBe('12%');
    expect(formatGrowth(12.5)).toBe('13%');
    expect(formatGrowth(-3.6)).toBe('-4%');
  });

  it('shows a change below 1% as 1%, keeping its direction', () => {
    expect(formatGrowth(0.2)).toBe('1%');
    expect(formatGrowth(-0.4)).toBe('-1%');
    expect(displayedGrowth(0.0001)).toBe(1);
  });

  it('shows no change as 0%', () => {
    expect(formatGrowth(growthPercent(0, 0))).toBe('0%');
  });

  it('shows a dash when it cannot be computed', () => {
    expect(formatGrowth(NaN)).toBe('–');
  });
});
