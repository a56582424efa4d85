import { randomUUID } from 'node:crypto';
import { REPORT_UPLOAD_LIMITS, REPORT_UPLOAD_MESSAGES } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteReport,
  getReport,
  reportRows,
  reportUpload,
  upload,
} from '../../../test/fixtures/report-upload-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries, reportUploads } from '../../db/schema/index';
import { REPORT_UPLOAD_BODY_LIMIT } from './reports.routes';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let printer: Record<string, string>;
let creator: Record<string, string>;

const stored = (id: string) =>
  t.database.system((tx) => tx.select().from(reportUploads).where(eq(reportUploads.id, id)));

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Access Co' });
  other = await t.createCompany({ name: 'Other Co' });
  printer = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_PRINT'] }));
  creator = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_CREATE'] }));
});
afterAll(() => t.close());

describe('who may print a report', () => {
  it('answers 401 without a session on every call', async () => {
    const id = randomUUID();
    for (const response of [
      await upload(t, {}, reportUpload()),
      await getReport(t, {}, id),
      await deleteReport(t, {}, id),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 403 without REPORT_PRINT or REPORT_CREATE (staff), and stores nothing', async () => {
    const staff = await t.signIn(company.staff);
    const body = reportUpload();
    for (const response of [
      await upload(t, staff, body),
      await getReport(t, staff, body.id as string),
      await deleteReport(t, staff, body.id as string),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    expect(await stored(body.id as string)).toEqual([]);
  });

  it('lets REPORT_CREATE print as well as REPORT_PRINT', async () => {
    const body = reportUpload();
    expect((await upload(t, creator, body)).statusCode).toBe(200);
    expect((await getReport(t, creator, body.id as string)).statusCode).toBe(200);
    expect((await deleteReport(t, creator, body.id as string)).statusCode).toBe(204);
  });

  it("answers 404 to another user of the company and to another company's admin, and leaves the upload", async () => {
    const body = reportUpload();
    expect((await upload(t, printer, body)).statusCode).toBe(200);
    const id = body.id as string;
    const colleague = await t.signIn(company.admin);
    const foreign = await t.signIn(other.admin);
    for (const headers of [colleague, creator, foreign]) {
      const read = await getReport(t, headers, id);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
      expect((await deleteReport(t, headers, id)).statusCode).toBe(404);
    }
    expect(await stored(id)).toHaveLength(1);
    expect((await getReport(t, printer, id)).statusCode).toBe(200);
  });
});

describe('POST /api/reports', () => {
  it('writes a REPORT / PRINT audit entry under the audit title, and keeps the zone', async () => {
    const body = reportUpload({ auditTitle: 'Reports: Monthly thefts', timezone: 'Europe/Athens' });
    expect((await upload(t, printer, body, { 'x-timezone-offset': '300' })).statusCode).toBe(200);
    const entries = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, company.accountId), eq(auditEntries.objectId, body.id as string))),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      objectType: 'REPORT',
      transactionType: 'PRINT',
      objectName: 'Reports: Monthly thefts',
      objectData: { title: 'Thefts this month', columns: body.data.columns, rows: 80 },
    });
    const [row] = await stored(body.id as string);
    expect(row).toMatchObject({ timezone: 'Europe/Athens', timezoneOffset: 300, title: 'Thefts this month' });
    // Reading the PDF writes nothing more.
    expect((await getReport(t, printer, body.id as string)).statusCode).toBe(200);
    const after = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.objectId, body.id as string)),
    );
    expect(after).toHaveLength(1);
  });

  it('keeps the x-timezone-offset header when no zone is named', async () => {
    const body = reportUpload({ timezone: undefined });
    expect((await upload(t, printer, body, { 'x-timezone-offset': '-330' })).statusCode).toBe(200);
    expect((await stored(body.id as string))[0]).toMatchObject({ timezone: null, timezoneOffset: -330 });
  });

  it("answers 409 to the uploader's own id again, and 404 to anyone else's, as printing it does", async () => {
    const body = reportUpload();
    expect((await upload(t, printer, body)).statusCode).toBe(200);
    const mine = await upload(t, printer, { ...body, title: 'Again' });
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({ code: 'CONFLICT', message: REPORT_UPLOAD_MESSAGES.idInUse });
    const otherAdmin = await t.signIn(other.admin);
    const theirs = await upload(t, otherAdmin, { ...body, title: 'Theirs' });
    const printed = await t.inject({ method: 'GET', url: `/api/reports/${body.id}`, headers: otherAdmin });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, printed.json()]);
    expect(printed.statusCode).toBe(404);
    const [row] = await stored(body.id as string);
    expect(row).toMatchObject({ title: 'Thefts this month', accountId: company.accountId });
    const audits = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.objectId, body.id as string)),
    );
    expect(audits).toHaveLength(1);
  });

  const columns = (n: number) => Array.from({ length: n }, (_, i) => `Column ${i + 1}`);
  it.each([
    ['a bad id', { id: 'not-an-id' }, 'Invalid id'],
    ['no title', { title: '  ' }, REPORT_UPLOAD_MESSAGES.titleRequired],
    ['an unknown zone', { timezone: 'Mars/Olympus' }, undefined],
    ['no columns', { data: { columns: [], rows: [] } }, REPORT_UPLOAD_MESSAGES.columnsRequired],
    ['21 columns', { data: { columns: columns(21), rows: [] } }, REPORT_UPLOAD_MESSAGES.tooManyColumns],
    [
      'a row of 21 cells',
      { data: { columns: columns(20), rows: [columns(21)] } },
      REPORT_UPLOAD_MESSAGES.tooManyColumns,
    ],
    [
      'a row wider than the columns',
      { data: { columns: columns(2), rows: [columns(3)] } },
      REPORT_UPLOAD_MESSAGES.rowTooWide,
    ],
    [
      'a cell too long',
      { data: { columns: columns(1), rows: [['x'.repeat(REPORT_UPLOAD_LIMITS.cell + 1)]] } },
      REPORT_UPLOAD_MESSAGES.cellMax,
    ],
    [
      '10,001 rows',
      { data: { columns: columns(1), rows: Array.from({ length: REPORT_UPLOAD_LIMITS.rows + 1 }, () => ['1']) } },
      REPORT_UPLOAD_MESSAGES.tooManyRows,
    ],
    ['rows that are not lists', { data: { columns: columns(1), rows: ['1'] } }, undefined],
  ])('answers 400 to %s with a clear message and stores nothing', async (_, change, message) => {
    const body = { ...reportUpload(), ...change };
    const response = await upload(t, printer, body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<{ code: string; message: string }>();
    expect(answer.code).toBe('BAD_REQUEST');
    if (message) expect(answer.message).toBe(message);
    else expect(answer.message.length).toBeGreaterThan(5);
    if (typeof body.id === 'string' && body.id !== 'not-an-id') expect(await stored(body.id)).toEqual([]);
  });

  it('takes as many rows as the limit, and answers 413 with a clear message to a body over its limit', async () => {
    const full = reportUpload({
      data: { columns: ['Number', 'What'], rows: reportRows(REPORT_UPLOAD_LIMITS.rows).map((r) => r.slice(0, 2)) },
    });
    const accepted = await upload(t, printer, full);
    expect(accepted.statusCode, accepted.body.slice(0, 200)).toBe(200);
    const cell = 'x'.repeat(REPORT_UPLOAD_LIMITS.cell);
    const rows = Array.from({ length: Math.ceil(REPORT_UPLOAD_BODY_LIMIT / (cell.length * 2)) }, () => [cell, cell]);
    const response = await upload(t, printer, reportUpload({ data: { columns: ['A', 'B'], rows } }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: REPORT_UPLOAD_MESSAGES.tooLarge });
  });

  it('answers 400 to a bad id in the path of GET and DELETE', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.inject({ method, url: '/api/reports/not-an-id', headers: printer });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
    }
  });
});
