import { formatDate } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLogo } from '../../../test/company-logo';
import {
  deleteReport,
  getReport,
  NAMES,
  pageSizes,
  REPORT_COLUMNS,
  reportRows,
  reportUpload,
  upload,
} from '../../../test/fixtures/report-upload-fixtures';
import { pdfPageTexts, pdfText } from '../../../test/pdf-text';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, users } from '../../db/schema/index';
import { accountFolder } from '../../platform/storage';
import { zoneOffsetAt } from './report-print-document';

let t: TestContext;
let company: TestCompany;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Print Reports Co' });
  const printer = await t.createUser(company.accountId, { privileges: ['REPORT_PRINT'] });
  await t.database.system(async (tx) => {
    await tx.update(accounts).set({ dateFormat: 1 }).where(eq(accounts.id, company.accountId));
    await tx.update(users).set({ firstName: 'Dana', lastName: 'Whitfield' }).where(eq(users.id, printer.id));
  });
  headers = await t.signIn(printer);
});
afterAll(() => t.close());

describe('printing a search report: upload, PDF, delete', () => {
  it('prints the uploaded rows with title, company, date, user, page numbers and headers on every page', async () => {
    const body = reportUpload();
    const before = new Date();
    const stored = await upload(t, headers, body);
    expect(stored.statusCode, stored.body).toBe(200);
    const { id, expiresAt } = stored.json<{ id: string; expiresAt: string }>();
    expect(id).toBe(body.id);
    const minutes = (Date.parse(expiresAt) - before.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThan(61);

    const response = await getReport(t, headers, id);
    const after = new Date();
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Thefts this month.pdf"; filename*=UTF-8''Thefts%20this%20month.pdf`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const [first = '', second = ''] = pages;
    expect(first).toContain('Thefts this month');
    expect(first).toContain('Print Reports Co');
    // The reader's date (America/Toronto) in the company format (MM/dd/yyyy), and the user.
    const dates = [before, after].map((at) => formatDate(at, 1, zoneOffsetAt('America/Toronto', at)));
    const printed = /Printed (\d{2}\/\d{2}\/\d{4}) \d{2}:\d{2} [AP]M by Dana Whitfield/.exec(first);
    expect(printed?.[1] && dates.includes(printed[1]), first.slice(0, 300)).toBe(true);
    expect(first).toContain('80 rows');
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      for (const header of REPORT_COLUMNS) expect(page, `page ${i + 1}`).toContain(header);
    });
    // The rows in order, the later ones on the second page.
    expect(first).toContain('1001');
    expect(second).toContain('1080'.slice(0, 2));
    const text = await pdfText(response.rawPayload);
    for (const n of [1001, 1040, 1080]) expect(text).toContain(String(n));
    for (const name of NAMES) expect(text).toContain(name);
    // Few narrow columns: portrait letter.
    expect((await pageSizes(response.rawPayload))[0]).toEqual([612, 792]);

    const removed = await deleteReport(t, headers, id);
    expect(removed.statusCode).toBe(204);
    const gone = await getReport(t, headers, id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
    expect((await deleteReport(t, headers, id)).statusCode).toBe(404);
  });

  it('prints landscape when the columns need the room, and wraps long cells within their column', async () => {
    const columns = Array.from({ length: 12 }, (_, i) => `Column ${i + 1}`);
    const long = `${'A long summary of what happened at the front desk, '.repeat(8)}the end.`;
    const rows = [Array.from({ length: 12 }, (_, i) => (i === 5 ? long : `Cell ${i + 1}`))];
    const body = reportUpload({ data: { columns, rows } });
    expect((await upload(t, headers, body)).statusCode).toBe(200);
    const response = await getReport(t, headers, body.id as string);
    expect(response.statusCode).toBe(200);
    expect(await pageSizes(response.rawPayload)).toEqual([[792, 612]]);
    const text = await pdfText(response.rawPayload);
    // Wrapped: the long cell reads over several lines, and to its end.
    const lines = text.split('\n').filter((line) => line.includes('front desk'));
    expect(lines.length).toBeGreaterThan(2);
    expect(text.replace(/\s+/g, ' ')).toContain('the end.');
    expect(text).toContain('Column 12');
    expect(text).toContain('Cell 12');
  });

  it("prints the company's logo when it has one, and a title with any characters as the file name", async () => {
    const key = `${accountFolder(company.accountId)}/logo/report-logo.png`;
    const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0d3b66' } })
      .png()
      .toBuffer();
    await setCompanyLogo(t, company.accountId, key, logo);
    const body = reportUpload({ title: 'Vols: Hà Nội / "Q1"', data: { columns: ['Number'], rows: [] } });
    expect((await upload(t, headers, body)).statusCode).toBe(200);
    const response = await getReport(t, headers, body.id as string);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Vols H_ N_i Q1.pdf"; filename*=UTF-8''${encodeURIComponent('Vols Hà Nội Q1.pdf')}`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Vols: Hà Nội / "Q1"');
    expect(text).toContain('The report found no incidents.');
    expect(text).toContain('0 rows');
    expect(text).toContain('Page 1 of 1');
  });

  it('keeps a thousand rows in order over many pages', async () => {
    const body = reportUpload({ data: { columns: REPORT_COLUMNS, rows: reportRows(1000) } });
    expect((await upload(t, headers, body)).statusCode).toBe(200);
    const response = await getReport(t, headers, body.id as string);
    expect(response.statusCode).toBe(200);
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.at(-1)).toContain('2000');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});
