import {
  type AddressParts,
  DATE_FORMAT,
  displayName,
  formatAddress,
  lookupPath,
  MEASUREMENT_TYPE,
} from '@blotter/shared';
import { COUNTRIES } from '../../db/seed/data/countries';
import type { AllLookups } from '../lookups/lookups.queries';

/**
 * How printed values read: dates in the company's format and the reader's time zone, money in US
 * dollars, lookup ids as names ('Unknown' when the lookup is gone), addresses on one line.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The reader's clock: the company date format and Date#getTimezoneOffset of the browser. */
export interface PrintClock {
  dateFormat: number;
  /** Minutes to add to local time to get UTC (Date#getTimezoneOffset), e.g. 300 in Toronto in winter. */
  timezoneOffset: number;
}

function wallClock(value: string | Date, clock: PrintClock) {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) return undefined;
  const local = new Date(time - clock.timezoneOffset * 60_000);
  return {
    year: String(local.getUTCFullYear()),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hours24: local.getUTCHours(),
    minutes: pad(local.getUTCMinutes()),
  };
}

const datePart = (p: { year: string; month: string; day: string }, dateFormat: number) =>
  dateFormat === DATE_FORMAT.MDY ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;

/** A moment as the reader's date: MM/dd/yyyy (US format) or dd/MM/yyyy; '' for none. */
export function printDate(value: string | Date | null | undefined, clock: PrintClock): string {
  const p = value ? wallClock(value, clock) : undefined;
  return p ? datePart(p, clock.dateFormat) : '';
}

/** A moment as the reader's date and time: 'MM/dd/yyyy hh:mm a' or 'dd/MM/yyyy hh:mm a'; '' for none. */
export function printDateTime(value: string | Date | null | undefined, clock: PrintClock): string {
  const p = value ? wallClock(value, clock) : undefined;
  if (!p) return '';
  const hours = pad(p.hours24 % 12 === 0 ? 12 : p.hours24 % 12);
  return `${datePart(p, clock.dateFormat)} ${hours}:${p.minutes} ${p.hours24 < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date (yyyy-mm-dd, e.g. a date of birth) in the company format, with no time zone shift. */
export function printCalendarDate(value: string | null | undefined, dateFormat: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  return datePart({ year, month, day }, dateFormat);
}

/**
 * The reader's time zone from the x-timezone-offset header (minutes, as Date#getTimezoneOffset);
 * the server's own offset when the header is missing or not a real offset.
 */
export function timezoneOffsetOf(header: string | string[] | undefined, at = new Date()): number {
  const value = Array.isArray(header) ? header[0] : header;
  const offset = value !== undefined && /^-?\d{1,4}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(offset) && Math.abs(offset) <= 14 * 60 ? offset : at.getTimezoneOffset();
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as US dollars, e.g. 1999 → '$19.99'; '' for none (spec 1 §9: currency in US dollars). */
export function printMoney(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : USD.format(cents / 100);
}

/** Height and weight labels in the company's units (spec 1 §5 Measurement units). */
export function measurementLabels(measurementType: number): { height: string; weight: string } {
  return measurementType === MEASUREMENT_TYPE.US
    ? { height: 'Height (feet)', weight: 'Weight (lb)' }
    : { height: 'Height (cm)', weight: 'Weight (kg)' };
}

const COUNTRY_NAMES = new Map(COUNTRIES);

/** An address on one line with the country by name (shared formatAddress, as the viewer shows it). */
export function printAddress(parts: AddressParts): string {
  return formatAddress(parts, (code) => COUNTRY_NAMES.get(code));
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The labels of the switches that are on, e.g. 'Victim, Witness'; 'None' when none is. */
export function onLabels<T>(record: T, switches: readonly (readonly [keyof T, string])[]): string {
  const on = switches.filter(([key]) => record[key] === true).map(([, label]) => label);
  return on.length > 0 ? on.join(', ') : 'None';
}

/** 'First Middle Last', or 'Unknown' (spec 1 §8). */
export const personName = (p: { firstName?: string | null; middleName?: string | null; lastName?: string | null }) =>
  displayName(p.firstName, p.middleName, p.lastName);

/** Lookup ids as the names the viewer shows. */
export interface PrintLookups {
  /** The name of a single-level lookup; '' for no id, 'Unknown' for an id that is not (or no longer) a lookup. */
  name(type: string, id: string | null | undefined): string;
  /** The path of a tree lookup, e.g. 'Security / Theft / Shoplifting'; '' for no id, 'Unknown' when gone. */
  path(type: keyof AllLookups['multiple'], id: string | null | undefined): string;
}

export function printLookups(lookups: AllLookups): PrintLookups {
  return {
    name(type, id) {
      if (!id) return '';
      const found = lookups.single[type]?.find((lookup) => lookup.id === id);
      return found?.name.trim() || 'Unknown';
    },
    path(type, id) {
      if (!id) return '';
      const path = lookupPath(lookups.multiple[type] ?? [], id);
      return path.length > 0 ? path.join(' / ') : 'Unknown';
    },
  };
}
