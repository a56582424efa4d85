import { describe, expect, it } from 'vitest';
import { countByStatus } from './count-by-status';

describe('countByStatus', () => {
  it('counts the rows of one status', () => {
    const rows = [{ status: 1 }, { status: 2 }, { status: 1 }, { status: 3 }];
    expect(countByStatus(rows, 1)).toBe(2);
    expect(countByStatus(rows, 2)).toBe(1);
    expect(countByStatus(rows, 0)).toBe(0);
  });
});
