import { isTimeZone } from '@blotter/shared/schemas/search-criteria';

/**
 * The browser's IANA time zone ('America/Toronto'), sent with date criteria and analysis runs;
 * undefined when the browser has none the server takes (then the server reads the request's
 * timezone offset).
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
