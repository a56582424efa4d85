import { DATE_FORMAT } from '@blotter/shared';
import { describe, expect, it } from 'vitest';
import { readDateTime } from './import-values';

describe('readDateTime: a date without a zone is read in the company’s time zone', () => {
  it('keeps each date’s own daylight-saving offset (London: +1 in July, +0 in December)', () => {
    expect(readDateTime('03/07/2025 10:30', DATE_FORMAT.DMY, 'Europe/London', 'Date')).toEqual({
      ok: true,
      value: '2025-07-03T09:30:00.000Z',
    });
    expect(readDateTime('03/12/2025 10:30', DATE_FORMAT.DMY, 'Europe/London', 'Date')).toEqual({
      ok: true,
      value: '2025-12-03T10:30:00.000Z',
    });
    expect(readDateTime('2025-07-03 10:30', DATE_FORMAT.MDY, 'America/Toronto', 'Date')).toEqual({
      ok: true,
      value: '2025-07-03T14:30:00.000Z',
    });
  });

  it('reads an Excel date cell (its wall clock) in the company’s zone too', () => {
    expect(readDateTime(new Date(Date.UTC(2025, 0, 15, 8, 0)), DATE_FORMAT.DMY, 'America/Toronto', 'Date')).toEqual({
      ok: true,
      value: '2025-01-15T13:00:00.000Z',
    });
  });

  it('refuses a day that does not exist', () => {
    expect(readDateTime('31/02/2025', DATE_FORMAT.DMY, 'UTC', 'Date').ok).toBe(false);
  });
});
