import { describe, expect, it } from 'vitest';
import { readerOffset, reportPrintDocument, zoneOffsetAt } from './report-print-document';

describe('zoneOffsetAt', () => {
  it('answers the offset of the zone at that moment, summer time included', () => {
    expect(zoneOffsetAt('America/Toronto', new Date('2026-01-15T12:00:00Z'))).toBe(300);
    expect(zoneOffsetAt('America/Toronto', new Date('2026-07-15T12:00:00Z'))).toBe(240);
    expect(zoneOffsetAt('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(-330);
    expect(zoneOffsetAt('UTC', new Date('2026-07-15T12:00:00Z'))).toBe(0);
  });

  it('is read from the zone when the upload named one, else from the offset it came with', () => {
    const at = new Date('2026-07-15T12:00:00Z');
    expect(readerOffset({ timezone: 'Europe/Athens', timezoneOffset: 0 }, at)).toBe(-180);
    expect(readerOffset({ timezone: null, timezoneOffset: 420 }, at)).toBe(420);
  });
});

describe('reportPrintDocument', () => {
  it("says when and by whom it was printed, in the reader's time and the company's date format", () => {
    const document = reportPrintDocument({
      title: 'Thefts',
      data: { columns: ['Number'], rows: [['1'], ['2']] },
      companyName: 'Demo Security Inc.',
      logo: undefined,
      dateFormat: 0,
      timezoneOffset: 300,
      printedBy: 'Dana Whitfield',
      printedAt: new Date('2026-01-15T03:30:00Z'),
    });
    // 03:30 UTC is 10:30 PM the day before in Toronto.
    expect(document.subtitle).toBe('Printed 14/01/2026 10:30 PM by Dana Whitfield · 2 rows');
    expect(document.footer).toBe('Thefts · Printed 14/01/2026 10:30 PM by Dana Whitfield');
    expect(document.title).toBe('Thefts');
    expect(document.companyName).toBe('Demo Security Inc.');
  });
});
