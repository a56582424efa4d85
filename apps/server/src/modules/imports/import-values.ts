import { DATE_FORMAT } from '@blotter/shared';
import { TZDate } from '@date-fns/tz';
import type { Cell } from './import-file';

/** A value read from a cell, or the reason it cannot be. */
export type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(message: string): Read<T> => ({ ok: false, message });

export const cellText = (cell: Cell | undefined): string =>
  cell === undefined ? '' : typeof cell === 'string' ? cell.trim() : cell.toISOString();

interface WallClock {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * A wall-clock time read in the company's time zone (IANA), with that day's own offset (daylight
 * saving), or undefined when no such day.
 */
function fromWallClock(w: WallClock, timeZone: string): string | undefined {
  const utc = Date.UTC(w.year, w.month - 1, w.day, w.hours, w.minutes, w.seconds);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== w.year || check.getUTCMonth() !== w.month - 1 || check.getUTCDate() !== w.day) {
    return undefined;
  }
  if (w.hours > 23 || w.minutes > 59 || w.seconds > 59) return undefined;
  return new Date(
    new TZDate(w.year, w.month - 1, w.day, w.hours, w.minutes, w.seconds, timeZone).getTime(),
  ).toISOString();
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const COMPANY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;

/** 12-hour clock to 24: '12:30 AM' is 00:30, '12:30 PM' 12:30. */
function hours24(hours: number, meridiem: string | undefined): number | undefined {
  if (!meridiem) return hours;
  if (hours < 1 || hours > 12) return undefined;
  const pm = meridiem.toLowerCase() === 'pm';
  return (hours % 12) + (pm ? 12 : 0);
}

/**
 * A date and time as an ISO instant: ISO 8601 (with a zone, or read in the company's time zone), the
 * company's date format (dd/MM/yyyy or MM/dd/yyyy) with an optional hh:mm [AM/PM], or an Excel date
 * cell (its wall clock, read in the company's time zone).
 */
export function readDateTime(cell: Cell, dateFormat: number, timeZone: string, label: string): Read<string> {
  if (cell instanceof Date) {
    const value = fromWallClock(
      {
        year: cell.getUTCFullYear(),
        month: cell.getUTCMonth() + 1,
        day: cell.getUTCDate(),
        hours: cell.getUTCHours(),
        minutes: cell.getUTCMinutes(),
        seconds: cell.getUTCSeconds(),
      },
      timeZone,
    );
    return value ? ok(value) : fail(`${label} is not a valid date.`);
  }
  const text = cell.trim();
  const pattern = dateFormat === DATE_FORMAT.MDY ? 'MM/dd/yyyy hh:mm AM' : 'dd/MM/yyyy hh:mm AM';
  const invalid = fail<string>(`${label} '${text.slice(0, 40)}' is not a date (use ${pattern} or ISO 8601).`);
  if (ISO_WITH_ZONE.test(text)) {
    const time = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(time) ? invalid : ok(new Date(time).toISOString());
  }
  const iso = ISO_LOCAL.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s] = iso;
    const value = fromWallClock(
      { year: +(y ?? 0), month: +(mo ?? 0), day: +(d ?? 0), hours: +(h ?? 0), minutes: +(mi ?? 0), seconds: +(s ?? 0) },
      timeZone,
    );
    return value ? ok(value) : invalid;
  }
  const local = COMPANY.exec(text);
  if (!local) return invalid;
  const [, first, second, y, h, mi, s, meridiem] = local;
  const [day, month] = dateFormat === DATE_FORMAT.MDY ? [second, first] : [first, second];
  const hours = hours24(+(h ?? 0), h ? meridiem : undefined);
  if (hours === undefined) return invalid;
  const value = fromWallClock(
    { year: +(y ?? 0), month: +(month ?? 0), day: +(day ?? 0), hours, minutes: +(mi ?? 0), seconds: +(s ?? 0) },
    timeZone,
  );
  return value ? ok(value) : invalid;
}

/** A calendar day (date of birth) as yyyy-mm-dd, from the same formats (the time, if any, ignored). */
export function readCalendarDate(cell: Cell, dateFormat: number, label: string): Read<string> {
  const read = readDateTime(cell, dateFormat, 'UTC', label);
  return read.ok ? ok(read.value.slice(0, 10)) : read;
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'uncertain']);
const NO = new Set(['no', 'n', 'false', '0', '']);

export function readBoolean(text: string, label: string): Read<boolean> {
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return ok(true);
  if (NO.has(word)) return ok(false);
  return fail(`${label} '${text.slice(0, 40)}' must be yes or no.`);
}

export function readStatus(text: string): Read<'Open' | 'Closed'> {
  const word = text.trim().toLowerCase();
  if (word === '' || word === 'open' || word === 'o') return ok('Open');
  if (word === 'closed' || word === 'close' || word === 'c') return ok('Closed');
  return fail(`Status '${text.slice(0, 40)}' must be Open or Closed.`);
}

/** '$1,234.50' → 123450 cents. */
export function readMoney(text: string, label: string): Read<number | null> {
  const clean = text.replace(/[\s$€£,]/g, '');
  if (!clean) return ok(null);
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return fail(`${label} '${text.slice(0, 40)}' is not an amount.`);
  return ok(Math.round(Number.parseFloat(clean) * 100));
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Plain text as the rich-text HTML the form stores: every character escaped (a '<b>' in the old
 * system's notes stays text), paragraphs at blank lines, line breaks kept.
 */
export function plainTextToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('');
}

/** The relation words of a person ('victim; witness'), as the card's flags. */
export const RELATION_WORDS = {
  victim: 'relationVictim',
  suspect: 'relationSuspect',
  witness: 'relationWitness',
  reporter: 'relationReporter',
  'person of interest': 'relationPersonOfInterest',
  subject: 'relationSubject',
} as const;
export type RelationFlag = (typeof RELATION_WORDS)[keyof typeof RELATION_WORDS];

export function readRelations(text: string): Read<RelationFlag[]> {
  const words = text
    .toLowerCase()
    .split(/[,;/|]+/)
    .map((w) => w.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  const flags: RelationFlag[] = [];
  for (const word of words) {
    const flag = RELATION_WORDS[word as keyof typeof RELATION_WORDS];
    if (!flag) {
      return fail(`Relation '${word.slice(0, 40)}' must be victim, suspect, witness, reporter or person of interest.`);
    }
    flags.push(flag);
  }
  return ok(flags);
}
