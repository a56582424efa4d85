import { DATE_FORMAT } from '@blotter/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  emptyDateValue,
  fromPickerDate,
  isCompleteDate,
  pickerFormats,
  startOfLocalDayIso,
  todayCalendarDate,
  toPickerDate,
} from './date-input';

describe('date fields', () => {
  it('shows dates in the company format: day first unless the company uses MM/dd/yyyy', () => {
    expect(pickerFormats(DATE_FORMAT.DMY)).toEqual({ date: 'dd/MM/yyyy', dateTime: 'dd/MM/yyyy hh:mm a' });
    expect(pickerFormats(DATE_FORMAT.MDY)).toEqual({ date: 'MM/dd/yyyy', dateTime: 'MM/dd/yyyy hh:mm a' });
  });

  it('reads an ISO instant as that instant and a calendar date as local midnight', () => {
    const instant = new Date(2024, 4, 1, 9, 30);
    expect(toPickerDate(instant.toISOString())?.getTime()).toBe(instant.getTime());
    expect(toPickerDate('2024-05-01')?.getTime()).toBe(new Date(2024, 4, 1).getTime());
    expect(toPickerDate('')).toBeNull();
    expect(toPickerDate(null)).toBeNull();
  });

  it('stores each kind as the form expects', () => {
    const date = new Date(2024, 11, 31, 23, 5, 59);
    expect(fromPickerDate(date, 'dateTime')).toBe(date.toISOString());
    expect(fromPickerDate(date, 'day')).toBe(new Date(2024, 11, 31).toISOString());
    expect(fromPickerDate(date, 'calendarDate')).toBe('2024-12-31');
    expect(emptyDateValue('dateTime')).toBeNull();
    expect(emptyDateValue('day')).toBeNull();
    expect(emptyDateValue('calendarDate')).toBe('');
  });

  it('tells a partly typed date (Invalid Date) from a complete one', () => {
    expect(isCompleteDate(new Date(Number.NaN))).toBe(false);
    expect(isCompleteDate(null)).toBe(false);
    expect(isCompleteDate(new Date(2024, 0, 1))).toBe(true);
  });

  it('round-trips a calendar date', () => {
    const day = toPickerDate('2023-02-28');
    expect(day && fromPickerDate(day, 'calendarDate')).toBe('2023-02-28');
  });

  it('moves an uncertain occurred date to the start of its local day', () => {
    const iso = new Date(2024, 4, 1, 17, 45).toISOString();
    expect(startOfLocalDayIso(iso)).toBe(new Date(2024, 4, 1).toISOString());
  });

  it("gives today's local date as the latest date of birth", () => {
    expect(todayCalendarDate(new Date(2024, 0, 2, 23, 59))).toBe('2024-01-02');
  });
});
