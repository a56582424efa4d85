import { randomUUID } from 'node:crypto';
import { type ImportDetail, type ImportPreview, PART_MESSAGES } from '@blotter/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLookups, csv, putMapping, runJob, uploaded, uploadFile } from '../../../test/fixtures/import-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let importer: Record<string, string>;
let withoutPrivacy: Record<string, string>;
let noImport: Record<string, string>;
let foreign: Record<string, string>;
let lookups: { classPath: string; severity: string };
let own: ImportDetail;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Import Access Co' });
  other = await t.createCompany({ name: 'Other Import Co' });
  const user = (privileges: Parameters<TestContext['createUser']>[1]) =>
    t.createUser(company.accountId, privileges).then((u) => t.signIn(u));
  importer = await user({ privileges: ['INCIDENT_IMPORT', 'PRIVACY_INFO_VIEW'] });
  withoutPrivacy = await user({ privileges: ['INCIDENT_IMPORT'] });
  noImport = await user({ privileges: ['ALLINCIDENT_SEARCH', 'PRIVACY_INFO_VIEW', 'MYINCIDENT_ADD'] });
  foreign = await t.signIn(await t.createUser(other.accountId, { privileges: ['INCIDENT_IMPORT'] }));
  lookups = await companyLookups(t, company.accountId);
  own = await uploaded(
    t,
    importer,
    csv([
      ['Ref', 'Date reported', 'Date occurred', 'Class'],
      ['A-1', '2025-01-05', '2025-01-05', lookups.classPath],
    ]),
    'a.csv',
  );
});
afterAll(() => t.close());

const calls = (id: string) => [
  { method: 'GET' as const, url: '/api/imports/fields' },
  { method: 'GET' as const, url: '/api/imports' },
  { method: 'GET' as const, url: `/api/imports/${id}` },
  { method: 'PUT' as const, url: `/api/imports/${id}/mapping`, payload: { sheets: [], values: {} } },
  { method: 'GET' as const, url: `/api/imports/${id}/preview` },
  { method: 'POST' as const, url: `/api/imports/${id}/validate` },
  { method: 'POST' as const, url: `/api/imports/${id}/run` },
  { method: 'GET' as const, url: `/api/imports/${id}/rows` },
  { method: 'GET' as const, url: `/api/imports/${id}/report.csv` },
];

describe('who may call the import', () => {
  it('answers 401 without a session and 403 without INCIDENT_IMPORT', async () => {
    for (const call of [...calls(own.id), { method: 'POST' as const, url: '/api/imports' }]) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      const refused = await t.inject({ ...call, headers: noImport });
      expect(refused.statusCode, call.url).toBe(403);
    }
  });

  it("answers 404 for another company's import, and for an unknown id, changing nothing", async () => {
    for (const call of calls(own.id).filter((c) => c.url.includes(own.id))) {
      const response = await t.inject({ ...call, headers: foreign });
      expect(response.statusCode, call.url).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Import not found.' });
      expect(
        (await t.inject({ ...call, url: call.url.replace(own.id, randomUUID()), headers: importer })).statusCode,
      ).toBe(404);
    }
    const list = await t.inject({ method: 'GET', url: '/api/imports', headers: foreign });
    expect(list.json<{ total: number }>().total).toBe(0);
    const still = await t.inject({ method: 'GET', url: `/api/imports/${own.id}`, headers: importer });
    expect(still.json<ImportDetail>().mapping).toEqual(own.mapping);
  });

  it('answers 400 with a clear message to bad input', async () => {
    const notSheet = await uploadFile(t, importer, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'history.csv');
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Choose a CSV file (.csv) or an Excel workbook (.xlsx).',
    });
    const empty = await uploadFile(t, importer, Buffer.from('\r\n\r\n'), 'empty.csv');
    expect(empty.statusCode).toBe(400);
    const noFile = await t.inject({ method: 'POST', url: '/api/imports', headers: importer });
    expect(noFile.statusCode).toBe(400);
    const badMapping = await putMapping(t, importer, own.id, {
      sheets: [{ name: 'a', entity: 'incidents', columns: { Ref: 'nonsense' } }],
      values: {},
    });
    expect(badMapping.json()).toEqual({
      code: 'BAD_REQUEST',
      message: "The column 'Ref' is mapped to a field that does not exist.",
    });
    const badSheet = await putMapping(t, importer, own.id, {
      sheets: [{ name: 'Nope', entity: 'incidents', columns: {} }],
      values: {},
    });
    expect(badSheet.json()).toEqual({ code: 'BAD_REQUEST', message: "The file has no sheet named 'Nope'." });
    const badOutcome = await t.inject({
      method: 'GET',
      url: `/api/imports/${own.id}/rows?outcome=maybe`,
      headers: importer,
    });
    expect(badOutcome.json()).toEqual({ code: 'BAD_REQUEST', message: 'outcome must be refused, created or skipped' });
    const run = await t.inject({ method: 'POST', url: `/api/imports/${own.id}/run`, headers: importer });
    expect(run.json()).toEqual({ code: 'BAD_REQUEST', message: 'Run a dry run first.' });
  });
});

/** A workbook with an incidents sheet (Excel date cells) and a persons sheet keyed by the incident reference. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const incidents = book.addWorksheet('Incidents');
  incidents.addRow(['Incident ID', 'Reported', 'Occurred', 'Category']);
  incidents.addRow([
    'X-1',
    new Date(Date.UTC(2024, 4, 2, 14, 30)),
    new Date(Date.UTC(2024, 4, 2, 13, 0)),
    lookups.classPath,
  ]);
  incidents.addRow([
    'X-2',
    new Date(Date.UTC(2024, 4, 3, 9, 0)),
    new Date(Date.UTC(2024, 4, 3, 8, 0)),
    lookups.classPath,
  ]);
  const persons = book.addWorksheet('People');
  persons.addRow(['Incident ref', 'First name', 'Surname', 'Email', 'Role']);
  persons.addRow(['X-1', 'Cleo', 'Quartz', 'cleo.private@example.com', 'victim']);
  persons.addRow(['X-2', '', 'Nameless', '', 'witness']);
  persons.addRow(['X-9', 'Orphan', 'Row', '', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('importing an Excel workbook with a persons sheet', () => {
  let detail: ImportDetail;

  it('reads every sheet, guesses each one, and hides private values in the preview without PRIVACY_INFO_VIEW', async () => {
    detail = await uploaded(t, withoutPrivacy, await workbook(), 'old system.xlsx');
    expect(detail.sheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Incidents', 2],
      ['People', 3],
    ]);
    expect(detail.mapping.sheets.map((s) => s.entity)).toEqual(['incidents', 'persons']);
    expect(detail.mapping.sheets[1]?.columns).toMatchObject({
      'Incident ref': 'incidentRef',
      Surname: 'lastName',
      Email: 'email',
      Role: 'relation',
    });
    const preview = (
      await t.inject({ method: 'GET', url: `/api/imports/${detail.id}/preview`, headers: withoutPrivacy })
    ).json<ImportPreview>();
    // The Excel date cells' wall clock (dd/MM/yyyy, the company's format).
    expect(preview.rows[0]?.fields['Date reported']).toBe('02/05/2024 02:30 PM');
    expect(preview.rows[1]?.issues).toEqual([`Sheet People row 3: ${PART_MESSAGES.personFirstNameRequired}`]);
    expect(JSON.stringify(preview)).not.toContain('cleo.private@example.com');
  });

  it('refuses the incident whose person the form would refuse, and the person rows of no incident', async () => {
    const validated = await runJob(t, withoutPrivacy, detail.id, 'validate');
    expect(validated.counts).toEqual({ rows: 5, valid: 1, refused: 2, created: 0, skipped: 0 });
    const done = await runJob(t, withoutPrivacy, detail.id, 'run');
    expect(done.counts).toEqual({ rows: 5, valid: 1, refused: 2, created: 1, skipped: 0 });
    const rows = await t.inject({
      method: 'GET',
      url: `/api/imports/${detail.id}/rows?outcome=refused`,
      headers: withoutPrivacy,
    });
    const reasons = rows
      .json<{ items: { sheet: string; sourceRef: string; reason: string }[] }>()
      .items.map((r) => [r.sheet, r.sourceRef, r.reason]);
    expect(reasons).toEqual([
      ['Incidents', 'X-2', `Sheet People row 3: ${PART_MESSAGES.personFirstNameRequired}`],
      ['People', 'X-9', "No incident row has the reference 'X-9'."],
    ]);
  });
});
