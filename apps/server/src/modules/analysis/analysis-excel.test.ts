import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyze,
  auditRowsOf,
  type Headers,
  item,
  range,
  submitOccurred,
} from '../../../test/fixtures/analysis-fixtures';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { sheetNames, XLSX_TYPE, xlsxFileName } from './analysis-excel';

/** POST /api/analysis?type=excel: the workbook, read back with exceljs. */
let t: TestContext;
let company: TestCompany;
let admin: Headers;

const UTC = { timezone: 'UTC' };

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Excel Co' });
  admin = await t.signIn(company.admin);
  const refs = await companyRefs(t.database, company.accountId);
  for (const occurred of [
    '2025-01-10T12:00:00Z',
    '2025-01-11T12:00:00Z',
    '2025-03-02T12:00:00Z',
    '2024-02-01T12:00:00Z',
  ]) {
    await submitOccurred(t, admin, refs, new Date(occurred).toISOString());
  }
});
afterAll(() => t.close());

/** The rows of a sheet as arrays of their cell values (first cell first). */
const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

describe('POST /api/analysis?type=excel', () => {
  it('answers an .xlsx with one sheet per period, its buckets and a totals row, named after the title', async () => {
    const criteria = [
      item(range('2025-01-01', '2025-03-31'), 'month', { ...UTC, periodName: 'Q1: 2025 [all]' }),
      item(range('2024-01-01', '2024-03-31'), 'month', UTC),
      item(range('2025-01-01', '2025-01-31'), 'month', { ...UTC, periodName: 'Q1: 2025 [all]' }),
    ];
    const response = await analyze(t, admin, { criteria, name: 'Thefts by month – Zürich' }, '?type=excel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Thefts by month _ Z_rich.xlsx"; filename*=UTF-8''${encodeURIComponent('Thefts by month – Zürich.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Q1 2025 all',
      // The company's date format (dd/MM/yyyy) with hyphens: sheet names cannot hold '/'.
      '01-01-2024 - 31-03-2024',
      'Q1 2025 all (2)',
    ]);
    expect(rowsOf(workbook.worksheets[0])).toEqual([
      ['Month', 'Count'],
      ['Jan 2025', 2],
      ['Feb 2025', 0],
      ['Mar 2025', 1],
      ['Total', 3],
    ]);
    expect(rowsOf(workbook.worksheets[1])).toEqual([
      ['Month', 'Count'],
      ['Jan 2024', 0],
      ['Feb 2024', 1],
      ['Mar 2024', 0],
      ['Total', 1],
    ]);
    expect(rowsOf(workbook.worksheets[2])).toEqual([
      ['Month', 'Count'],
      ['Jan 2025', 2],
      ['Total', 2],
    ]);
  });

  it('writes the days of a daily analysis in the company format, and an EXPORT audit entry', async () => {
    const response = await analyze(
      t,
      admin,
      { criteria: [item(range('2025-01-09', '2025-01-12'), 'day', UTC)] },
      '?type=excel&auditTitle=Daily',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="My analysis.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(rowsOf(workbook.worksheets[0])).toEqual([
      ['Day', 'Count'],
      ['09/01/2025', 0],
      ['10/01/2025', 1],
      ['11/01/2025', 1],
      ['12/01/2025', 0],
      ['Total', 2],
    ]);
    const audit = await auditRowsOf(t, company.accountId, 'ANALYZE');
    expect(audit.at(-1)).toMatchObject({ transactionType: 'EXPORT', objectName: 'Daily' });
  });

  it('answers 400 as JSON, not a file, for bad input', async () => {
    const response = await analyze(t, admin, { criteria: [] }, '?type=excel');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('sheet and file names', () => {
  it('makes sheet names Excel accepts: at most 31 characters, no []:*?/\\, distinct without case, never blank', () => {
    expect(
      sheetNames([
        'A very long period name that goes on and on',
        'a very long period name that goes on and on!',
        "'Quoted'",
        '   ',
        'History',
        'x/y\\z?*',
        'Same',
        'SAME',
      ]),
    ).toEqual([
      'A very long period name that go',
      'a very long period name tha (2)',
      'Quoted',
      'Period 4',
      'Period 5',
      'x-y-z',
      'Same',
      'SAME (2)',
    ]);
  });

  it('names the file after the title without characters file systems refuse', () => {
    expect(xlsxFileName('Q1/Q2: "thefts"')).toBe('Q1 Q2 thefts.xlsx');
    expect(xlsxFileName('  ')).toBe('Analysis.xlsx');
  });
});
