import { formatShort } from './short';

describe('formatShort', () => {
  it('shortens with K, M, B, T, P, E and one decimal', () => {
    expect(formatShort(1000)).toBe('1K');
    expect(formatShort(1250)).toBe('1.3K');
    expect(formatShort(1_234_567)).toBe('1.2M');
    expect(formatShort(150e9)).toBe('150B');
    expect(formatShort(2.5e12)).toBe('2.5T');
    expect(formatShort(5e15)).toBe('5P');
    expect(formatShort(7.1e18)).toBe('7.1E');
  });

  it('leaves numbers below a thousand unsuffixed', () => {
    expect(formatShort(0)).toBe('0');
    expect(formatShort(999)).toBe('999');
    expect(formatShort(12.34)).toBe('12.3');
  });

  it('moves to the next suffix when rounding reaches 1000', () => {
    expect(formatShort(999_950)).toBe('1M');
    expect(formatShort(999.96)).toBe('1K');
  });

  it('keeps the sign of negative values', () => {
    expect(formatShort(-1500)).toBe('-1.5K');
  });

  it('shows a dash for values that are not finite numbers', () => {
    expect(formatShort(NaN)).toBe('–');
  });
});
