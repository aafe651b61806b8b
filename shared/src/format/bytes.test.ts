import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('uses 1000-based units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(1_536_000)).toBe('1.54 MB');
    expect(formatBytes(2e9)).toBe('2 GB');
    expect(formatBytes(5e12)).toBe('5 TB');
    expect(formatBytes(5e15)).toBe('5 PB');
    expect(formatBytes(1.2e18)).toBe('1.2 EB');
  });

  it('stays in exabytes beyond them', () => {
    expect(formatBytes(3e21)).toBe('3000 EB');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatBytes(999_999)).toBe('1 MB');
    expect(formatBytes(999_994)).toBe('999.99 kB');
  });

  it('never shows fractions of a byte', () => {
    expect(formatBytes(12.7)).toBe('13 B');
  });

  it('honours the number of decimals', () => {
    expect(formatBytes(1_234_567, 0)).toBe('1 MB');
    expect(formatBytes(1_234_567, 1)).toBe('1.2 MB');
  });

  it('keeps the sign of negative values', () => {
    expect(formatBytes(-1500)).toBe('-1.5 kB');
    expect(formatBytes(-5)).toBe('-5 B');
  });

  it('shows a dash for values that are not finite numbers', () => {
    expect(formatBytes(NaN)).toBe('–');
  });
});
