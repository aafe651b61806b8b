import { formatNumber } from './number';

describe('formatNumber', () => {
  it('groups thousands with spaces', () => {
    expect(formatNumber(1234567)).toBe('1 234 567');
    expect(formatNumber(1000)).toBe('1 000');
    expect(formatNumber(150_000_000_000)).toBe('150 000 000 000');
  });

  it('leaves numbers below a thousand alone', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
  });

  it('rounds to whole numbers unless decimals are asked for', () => {
    expect(formatNumber(1234.56)).toBe('1 235');
    expect(formatNumber(1234.56, 1)).toBe('1 234.6');
  });

  it('keeps the sign of negative numbers and never shows "-0"', () => {
    expect(formatNumber(-1234567)).toBe('-1 234 567');
    expect(formatNumber(-0.2)).toBe('0');
  });

  it('shows a dash for values that are not finite numbers', () => {
    expect(formatNumber(NaN)).toBe('–');
    expect(formatNumber(Infinity)).toBe('–');
  });
});
