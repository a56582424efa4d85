/** Byte order mark: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';

// Cells starting like a formula are run by spreadsheet programs (CSV injection); a leading
// apostrophe makes them plain text there.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted per RFC 4180 when it holds a quote, comma or line break. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line with its CRLF end (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** A CSV text (RFC 4180: CRLF line ends) with a header line, starting with the UTF-8 BOM. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + [headers, ...rows].map(csvLine).join('');
}

/** 'Open Incidents' → 'Open Incidents.csv', without characters file systems refuse. */
export function csvFileName(title: string): string {
  const name = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'Incidents'}.csv`;
}
