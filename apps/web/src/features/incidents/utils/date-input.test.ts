import { describe, expect, it } from 'vitest';
import {
  dateInputToIso,
  dateTimeInputToIso,
  isoToDateInput,
  isoToDateTimeInput,
  nowDateTimeInput,
  startOfLocalDayIso,
} from './date-input';

describe('date inputs', () => {
  it('reads a datetime-local value as local time', () => {
    expect(dateTimeInputToIso('2024-05-01T09:30')).toBe(new Date(2024, 4, 1, 9, 30).toISOString());
    expect(dateTimeInputToIso('2024-05-01T09:30:15')).toBe(new Date(2024, 4, 1, 9, 30, 15).toISOString());
  });

  it('reads a date value as local midnight (not UTC midnight)', () => {
    expect(dateInputToIso('2024-05-01')).toBe(new Date(2024, 4, 1).toISOString());
  });

  it('answers an empty string for empty or malformed input', () => {
    expect(dateTimeInputToIso('')).toBe('');
    expect(dateTimeInputToIso('yesterday')).toBe('');
    expect(dateInputToIso('2024-5-1')).toBe('');
  });

  it('shows an ISO value in the inputs in local time', () => {
    const iso = new Date(2024, 11, 31, 23, 5, 59).toISOString();
    expect(isoToDateTimeInput(iso)).toBe('2024-12-31T23:05');
    expect(isoToDateInput(iso)).toBe('2024-12-31');
    expect(isoToDateTimeInput('')).toBe('');
    expect(isoToDateInput('not a date')).toBe('');
  });

  it('round-trips', () => {
    expect(isoToDateTimeInput(dateTimeInputToIso('2023-02-28T00:00'))).toBe('2023-02-28T00:00');
    expect(isoToDateInput(dateInputToIso('2023-02-28'))).toBe('2023-02-28');
  });

  it('moves an uncertain occurred date to the start of its local day', () => {
    const iso = new Date(2024, 4, 1, 17, 45).toISOString();
    expect(startOfLocalDayIso(iso)).toBe(new Date(2024, 4, 1).toISOString());
  });

  it('gives the current minute as the max of the inputs', () => {
    expect(nowDateTimeInput(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02T03:04');
  });
});
