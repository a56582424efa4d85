import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes cents as US dollars with thousands separators', () => {
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(19_999)).toBe('$199.99');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(99_999_999_999)).toBe('$999,999,999.99');
  });

  it('writes nothing for no value', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});
