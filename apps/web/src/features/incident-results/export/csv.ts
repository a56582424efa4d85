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

/** A CSV text (RFC 4180: CRLF line ends) with a header line, starting with the UTF-8 BOM. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvField).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** 'Open Incidents' → 'Open Incidents.csv', without characters file systems refuse. */
export function csvFileName(title: string): string {
  const name = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'Incidents'}.csv`;
}

/** Saves the text as a file through the browser's download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
