import { DATE_FORMAT } from './constants';

const pad = (n: number) => String(n).padStart(2, '0');

function parts(value: Date | string) {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return undefined;
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = String(date.getFullYear());
  const hours24 = date.getHours();
  const hours = pad(hours24 % 12 === 0 ? 12 : hours24 % 12);
  const minutes = pad(date.getMinutes());
  const ampm = hours24 < 12 ? 'AM' : 'PM';
  return { day, month, year, hours, minutes, ampm };
}

/** A date in the company format: MM/dd/yyyy for US (1), dd/MM/yyyy otherwise. */
export function formatDate(value: Date | string | null | undefined, dateFormat: number): string {
  if (value == null) return '';
  const p = parts(value);
  if (!p) return '';
  return dateFormat === DATE_FORMAT.MDY ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/** A date and time in the company format: MM/dd/yyyy hh:mm a or dd/MM/yyyy hh:mm a. */
export function formatDateTime(value: Date | string | null | undefined, dateFormat: number): string {
  if (value == null) return '';
  const p = parts(value);
  if (!p) return '';
  return `${formatDate(value, dateFormat)} ${p.hours}:${p.minutes} ${p.ampm}`;
}

/** Display text for a name that may be missing (spec 1 §8: unknown names show as 'Unknown'). */
export function displayName(...parts: (string | null | undefined)[]): string {
  const name = parts
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return name || 'Unknown';
}

/** Summary text cut at 200 characters plus an ellipsis. */
export function truncateSummary(text: string | null | undefined, max = 200): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
