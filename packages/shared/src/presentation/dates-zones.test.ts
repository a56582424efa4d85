import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FORMAT } from '../constants';
import { formatDate, formatDateTime } from './dates';

const savedZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Toronto';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

describe('the reader clock on the day summer time starts (Toronto, 8 March 2026, 2:00 → 3:00)', () => {
  it("follows the running zone's change when no offset is given", () => {
    expect(formatDateTime('2026-03-08T06:59:00.000Z', DATE_FORMAT.MDY)).toBe('03/08/2026 01:59 AM');
    expect(formatDateTime('2026-03-08T07:00:00.000Z', DATE_FORMAT.MDY)).toBe('03/08/2026 03:00 AM');
    expect(formatDate('2026-03-08T04:30:00.000Z', DATE_FORMAT.DMY)).toBe('07/03/2026');
  });

  it("keeps the request header's fixed offset, and offsets of half and three quarters of an hour", () => {
    expect(formatDateTime('2026-03-08T07:00:00.000Z', DATE_FORMAT.MDY, 300)).toBe('03/08/2026 02:00 AM');
    expect(formatDateTime('2026-03-08T07:00:00.000Z', DATE_FORMAT.DMY, -330)).toBe('08/03/2026 12:30 PM');
    expect(formatDateTime('2026-03-08T07:00:00.000Z', DATE_FORMAT.DMY, -345)).toBe('08/03/2026 12:45 PM');
    expect(formatDateTime('2026-03-08T11:00:00.000Z', DATE_FORMAT.DMY, -840)).toBe('09/03/2026 01:00 AM');
  });

  it('writes the 29th of February and the year as it is', () => {
    expect(formatDate('2024-02-29T12:00:00.000Z', DATE_FORMAT.DMY, 0)).toBe('29/02/2024');
    expect(formatDateTime(new Date(2024, 1, 29, 23, 59), DATE_FORMAT.MDY)).toBe('02/29/2024 11:59 PM');
  });
});
