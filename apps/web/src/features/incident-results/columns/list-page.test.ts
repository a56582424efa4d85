import { describe, expect, it } from 'vitest';
import { lastPageOf } from './list-page';

describe('lastPageOf', () => {
  it('is 0 for an empty list and for one page or less', () => {
    expect(lastPageOf(0, 10)).toBe(0);
    expect(lastPageOf(1, 10)).toBe(0);
    expect(lastPageOf(10, 10)).toBe(0);
  });

  it('counts a partly filled last page', () => {
    expect(lastPageOf(11, 10)).toBe(1);
    expect(lastPageOf(100_000, 10)).toBe(9_999);
  });
});
