import { describe, expect, it } from 'vitest';
import { DATE_FORMAT } from '../constants';
import { formatCalendarDate, formatDate, formatDateTime, formatOccurred, readerTimezoneOffset } from './dates';

const TORONTO_WINTER = 300;
const PARIS_WINTER = -60;

describe('formatDate and formatDateTime', () => {
  it("write the company's format in the running time zone when no offset is given", () => {
    const date = new Date(2026, 2, 4, 12, 7);
    expect(formatDate(date, DATE_FORMAT.DMY)).toBe('04/03/2026');
    expect(formatDate(date, DATE_FORMAT.MDY)).toBe('03/04/2026');
    expect(formatDateTime(date, DATE_FORMAT.MDY)).toBe('03/04/2026 12:07 PM');
    expect(formatDateTime(new Date(2026, 2, 4, 0, 5), DATE_FORMAT.DMY)).toBe('04/03/2026 12:05 AM');
  });

  it("write the reader's wall clock for the offset of the request header", () => {
    const moment = '2024-03-01T15:30:00.000Z';
    expect(formatDateTime(moment, DATE_FORMAT.MDY, TORONTO_WINTER)).toBe('03/01/2024 10:30 AM');
    expect(formatDateTime(moment, DATE_FORMAT.DMY, PARIS_WINTER)).toBe('01/03/2024 04:30 PM');
    expect(formatDateTime(moment, DATE_FORMAT.DMY, 0)).toBe('01/03/2024 03:30 PM');
    // Past midnight for the reader is already the next day.
    expect(formatDate('2024-03-01T23:30:00.000Z', DATE_FORMAT.DMY, PARIS_WINTER)).toBe('02/03/2024');
  });

  it('write nothing for no value and for text that is not a date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value, DATE_FORMAT.DMY)).toBe('');
      expect(formatDateTime(value, DATE_FORMAT.MDY, 0)).toBe('');
    }
  });
});

describe('formatOccurred', () => {
  it('writes only the date when the time of the incident is not certain', () => {
    const moment = '2024-03-01T14:05:00.000Z';
    expect(formatOccurred(moment, false, DATE_FORMAT.MDY, TORONTO_WINTER)).toBe('03/01/2024 09:05 AM');
    expect(formatOccurred(moment, true, DATE_FORMAT.MDY, TORONTO_WINTER)).toBe('03/01/2024');
  });
});

describe('formatCalendarDate', () => {
  it('writes a date of birth by its parts, never shifted a day by a time zone', () => {
    expect(formatCalendarDate('1980-02-29', DATE_FORMAT.DMY)).toBe('29/02/1980');
    expect(formatCalendarDate('1990-05-01', DATE_FORMAT.MDY)).toBe('05/01/1990');
    expect(formatCalendarDate('1990-05-01T00:00:00.000Z', DATE_FORMAT.DMY)).toBe('01/05/1990');
    expect(formatCalendarDate(null, DATE_FORMAT.DMY)).toBe('');
    expect(formatCalendarDate('01/05/1990', DATE_FORMAT.DMY)).toBe('');
  });
});

describe('readerTimezoneOffset', () => {
  it("reads the header's minutes and falls back to the process's own offset for anything else", () => {
    const at = new Date('2024-01-15T12:00:00.000Z');
    expect(readerTimezoneOffset('300', at)).toBe(300);
    expect(readerTimezoneOffset(['-330'], at)).toBe(-330);
    for (const bad of [undefined, '', 'abc', '3.5', '900', '1e3']) {
      expect(readerTimezoneOffset(bad, at)).toBe(at.getTimezoneOffset());
    }
  });
});
