import { describe, expect, it } from 'vitest';
import { centsToDollarsText, dollarsTextToCents } from './money';

describe('centsToDollarsText', () => {
  it('shows dollars with two decimals', () => {
    expect(centsToDollarsText(123450)).toBe('1234.50');
    expect(centsToDollarsText(5)).toBe('0.05');
    expect(centsToDollarsText(0)).toBe('0.00');
  });

  it('shows nothing for no value', () => {
    expect(centsToDollarsText(null)).toBe('');
    expect(centsToDollarsText(undefined)).toBe('');
  });
});

describe('dollarsTextToCents', () => {
  it('converts dollars to cents without floating point drift', () => {
    expect(dollarsTextToCents('0.29')).toBe(29);
    expect(dollarsTextToCents('1234.5')).toBe(123450);
    expect(dollarsTextToCents('19.99')).toBe(1999);
    expect(dollarsTextToCents('7')).toBe(700);
  });

  it('accepts partial input and separators', () => {
    expect(dollarsTextToCents('12.')).toBe(1200);
    expect(dollarsTextToCents('.5')).toBe(50);
    expect(dollarsTextToCents('$1,000.00')).toBe(100000);
  });

  it('gives null for empty and undefined for text that is not an amount', () => {
    expect(dollarsTextToCents('')).toBeNull();
    expect(dollarsTextToCents('abc')).toBeUndefined();
    expect(dollarsTextToCents('1.234')).toBeUndefined();
    expect(dollarsTextToCents('-5')).toBeUndefined();
  });

  it('round-trips', () => {
    for (const cents of [0, 1, 99, 100, 123456789]) {
      expect(dollarsTextToCents(centsToDollarsText(cents))).toBe(cents);
    }
  });
});
