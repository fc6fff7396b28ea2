import { convertKes } from './kes-conversion.js';

describe('convertKes', () => {
  it('charges an exact conversion as it is, with two decimals', () => {
    expect(convertKes(12_900, 129)).toBe('100.00');
    expect(convertKes(258, 129)).toBe('2.00');
  });

  it('rounds a fraction of a cent up, never down', () => {
    // 1,000 / 129 = 7.7519…: 7.75 would charge less than the total.
    expect(convertKes(1_000, 129)).toBe('7.76');
    expect(convertKes(1_250, 129)).toBe('9.69');
  });

  it('charges at least one cent for the smallest total', () => {
    expect(convertKes(1, 129)).toBe('0.01');
  });

  it('is exact where binary floats are not', () => {
    // 7 / 0.7 is 10.000000000000002 in floating point; rounding that up would charge 10.01.
    expect(convertKes(7, 0.7)).toBe('10.00');
    expect(convertKes(1_150, 100)).toBe('11.50');
    expect(convertKes(29, 1)).toBe('29.00');
  });

  it('takes fractional rates and totals', () => {
    expect(convertKes(257, 128.5)).toBe('2.00');
    expect(convertKes(100.5, 129.25)).toBe('0.78');
  });

  it('handles large totals without losing cents', () => {
    expect(convertKes(987_654_321, 129)).toBe('7656235.05');
    expect(convertKes(1e21, 1)).toBe('1000000000000000000000.00');
  });

  it('refuses a total or a rate that is not a positive number', () => {
    expect(() => convertKes(0, 129)).toThrow(RangeError);
    expect(() => convertKes(-5, 129)).toThrow(RangeError);
    expect(() => convertKes(100, 0)).toThrow(RangeError);
    expect(() => convertKes(Number.NaN, 129)).toThrow(RangeError);
    expect(() => convertKes(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
