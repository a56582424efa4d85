import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvFileName, toCsv } from './csv';

describe('csvField (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Theft / Shoplifting')).toBe('Theft / Shoplifting');
    expect(csvField('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvField('He said "stop"')).toBe('"He said ""stop"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('toCsv', () => {
  it('starts with the BOM, ends lines with CRLF and keeps the column order', () => {
    const text = toCsv(
      ['Number', 'Status', 'Summary'],
      [
        ['12', 'Open', 'Broken window, east side'],
        ['13', 'Closed (Locked)', 'Café "Zoë" – ünïcode'],
      ],
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      'Number,Status,Summary\r\n12,Open,"Broken window, east side"\r\n13,Closed (Locked),"Café ""Zoë"" – ünïcode"\r\n',
    );
  });

  it('writes only the header line when there are no rows', () => {
    expect(toCsv(['Number'], [])).toBe(`${CSV_BOM}Number\r\n`);
  });
});

describe('csvFileName', () => {
  it('is the dialog title with .csv', () => {
    expect(csvFileName('Open Incidents')).toBe('Open Incidents.csv');
  });

  it('replaces characters file systems refuse', () => {
    expect(csvFileName('Search: a/b "c"?')).toBe('Search a b c.csv');
    expect(csvFileName('  ')).toBe('Incidents.csv');
  });
});
