import { type ImportDetail, type ImportPreview, type ImportRow, INCIDENT_MESSAGES } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLookups, csv, putMapping, runJob, uploaded } from '../../../test/fixtures/import-fixtures';
import { countWhere, group, numbersFound } from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let company: TestCompany;
let headers: Record<string, string>;
let lookups: { classPath: string; severity: string };

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Import Co' });
  const importer = await t.createUser(company.accountId, {
    privileges: ['INCIDENT_IMPORT', 'ALLINCIDENT_SEARCH', 'PRIVACY_INFO_VIEW'],
  });
  headers = await t.signIn(importer);
  lookups = await companyLookups(t, company.accountId);
});
afterAll(() => t.close());

/** The company's old system's export: 5 good rows, 3 refused by the form's rules. */
const history = () =>
  csv([
    [
      'Case No',
      'Date Reported',
      'Date occurred',
      'Class',
      'Severity',
      'Status',
      'Closed',
      'Notes',
      'Victim first',
      'Victim last',
      'Relation',
    ],
    [
      'OLD-1',
      '03/12/2025 10:30 PM',
      '03/12/2025 09:00 PM',
      lookups.classPath,
      lookups.severity,
      'Closed',
      '04/12/2025',
      'A <b>bold</b> theft',
      'Ann',
      'Zyborski',
      'victim',
    ],
    ['OLD-2', '2025-01-05T08:00:00Z', '2025-01-05T07:00:00Z', lookups.classPath, '', 'Open', '', '', '', '', ''],
    ['OLD-3', '06/01/2025', '06/01/2025', 'Security > Graffiti', '', 'Open', '', 'Painted wall', '', '', ''],
    [
      'OLD-4',
      '07/01/2025 8:15 AM',
      '07/01/2025 8:00 AM',
      'Security > Graffiti',
      '',
      '',
      '',
      '',
      'Bo',
      'Zyborski',
      'witness; suspect',
    ],
    ['OLD-5', '08/01/2025', '08/01/2025', lookups.classPath, '', 'Open', '', '', '', '', ''],
    // Refused: no date reported; occurred after reported; a class nobody mapped.
    ['BAD-1', '', '08/01/2025', lookups.classPath, '', 'Open', '', '', '', '', ''],
    ['BAD-2', '08/01/2025 09:00', '08/01/2025 10:00', lookups.classPath, '', 'Open', '', '', '', '', ''],
    ['BAD-3', '08/01/2025', '08/01/2025', 'Nowhere > Unknown', '', 'Open', '', '', '', '', ''],
  ]);

const get = <T>(url: string) => t.inject({ method: 'GET', url, headers }).then((r) => r.json<T>());
const importedIncidents = () => countWhere(t, company.accountId, sql`i.source_ref is not null`);

describe('importing a CSV of incidents', () => {
  let detail: ImportDetail;

  it('guesses the sheet and its columns from the headers', async () => {
    detail = await uploaded(t, headers, history(), 'history.csv');
    expect(detail.status).toBe('uploaded');
    expect(detail.sheets).toEqual([{ name: 'history', headers: expect.any(Array), rowCount: 8 }]);
    expect(detail.mapping.sheets[0]).toMatchObject({
      entity: 'incidents',
      columns: {
        'Case No': 'sourceRef',
        'Date Reported': 'reportedDate',
        'Date occurred': 'occurredDate',
        Class: 'classPath',
        Notes: 'summary',
      },
    });
    // Headers no alias knows stay unmapped until the user maps them.
    expect(detail.mapping.sheets[0]?.columns['Victim first']).toBeNull();
  });

  it('previews the rows as they will be stored, with the values to map and the reasons of refusal', async () => {
    const sheet = detail.mapping.sheets[0];
    if (!sheet) throw new Error('no sheet');
    const columns = {
      ...sheet.columns,
      'Victim first': 'person.firstName',
      'Victim last': 'person.lastName',
      Relation: 'person.relation',
      Closed: 'closedDate',
    };
    const saved = await putMapping(t, headers, detail.id, { sheets: [{ ...sheet, columns }], values: {} });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = await get<ImportPreview>(`/api/imports/${detail.id}/preview`);
    expect(preview.rows).toHaveLength(8);
    expect(preview.rows[0]?.fields).toMatchObject({
      'Date reported': '03/12/2025 10:30 PM',
      'What (class)': lookups.classPath,
      Status: 'Closed',
      'Person: First name': 'Ann',
    });
    const graffiti = preview.values.find((v) => v.value === 'Security > Graffiti');
    expect(graffiti).toMatchObject({ lookupType: 'incidentClass', rowCount: 2, match: null, target: null });
    expect(preview.rows[2]?.issues).toEqual([
      "Class: 'Security > Graffiti' is not in the list. Map it to an item or create it.",
      `Class: ${INCIDENT_MESSAGES.whatRequired}`,
    ]);
    expect(preview.rows[5]?.issues).toEqual([`Date Reported: ${INCIDENT_MESSAGES.reportedRequired}`]);
  });

  it('maps a value to a new lookup item; the dry run refuses 3 rows with the form’s reasons and stores nothing', async () => {
    const current = await get<ImportDetail>(`/api/imports/${detail.id}`);
    const mapping = {
      ...current.mapping,
      values: { incidentClass: { 'Security > Graffiti': { action: 'create' as const } } },
    };
    expect((await putMapping(t, headers, detail.id, mapping)).statusCode).toBe(200);
    const validated = await runJob(t, headers, detail.id, 'validate');
    expect(validated.status).toBe('validated');
    expect(validated.counts).toEqual({ rows: 8, valid: 5, refused: 3, created: 0, skipped: 0 });
    const refused = await get<{ items: ImportRow[] }>(`/api/imports/${detail.id}/rows?outcome=refused`);
    expect(refused.items.map((r) => [r.sourceRef, r.reason])).toEqual([
      ['BAD-1', `Date Reported: ${INCIDENT_MESSAGES.reportedRequired}`],
      ['BAD-2', `Date occurred: ${INCIDENT_MESSAGES.occurredAfterReported}`],
      [
        'BAD-3',
        `Class: 'Nowhere > Unknown' is not in the list. Map it to an item or create it. Class: ${INCIDENT_MESSAGES.whatRequired}`,
      ],
    ]);
    expect(await importedIncidents()).toBe(0);
    const graffiti = await countWhere(t, company.accountId, sql`false`);
    expect(graffiti).toBe(0);
  });

  it('refuses to run on a mapping its dry run did not check', async () => {
    const current = await get<ImportDetail>(`/api/imports/${detail.id}`);
    expect((await putMapping(t, headers, detail.id, current.mapping)).statusCode).toBe(200);
    const run = await t.inject({ method: 'POST', url: `/api/imports/${detail.id}/run`, headers });
    expect(run.statusCode).toBe(400);
    expect(run.json()).toEqual({ code: 'BAD_REQUEST', message: 'Run a dry run first.' });
  });

  it('stores the valid rows with their original dates, status, history and persons, found by search at once', async () => {
    await runJob(t, headers, detail.id, 'validate');
    const done = await runJob(t, headers, detail.id, 'run');
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({ rows: 8, valid: 5, refused: 3, created: 5, skipped: 0 });
    expect(await importedIncidents()).toBe(5);
    const created = await get<{ items: ImportRow[] }>(`/api/imports/${detail.id}/rows?outcome=created`);
    const first = created.items.find((r) => r.sourceRef === 'OLD-1')?.incidentId;
    const incident = await get<{
      reportedDate: string;
      status: number;
      close: { closeDate: string } | null;
      summary: string;
    }>(`/api/incidents/${first}`);
    // dd/MM/yyyy (the company's format) read in the company's time zone (UTC here).
    expect(incident.reportedDate).toBe('2025-12-03T22:30:00.000Z');
    expect(incident.status).toBe(2);
    expect(incident.close?.closeDate).toBe('2025-12-04T00:00:00.000Z');
    expect(incident.summary).toBe('<p>A &lt;b&gt;bold&lt;/b&gt; theft</p>');
    const historyRows = await get<{ actionType: string; importedFrom?: string | null }[]>(
      `/api/incidents/${first}/history`,
    );
    expect(historyRows.map((h) => [h.actionType, h.importedFrom])).toEqual([['IMPORT', detail.fileName]]);
    // The search projection is there at once: the persons are found by name.
    const found = await numbersFound(t, headers, { person: group([{ lastName: 'Zyborski' }]) });
    expect(found).toHaveLength(2);
    const graffiti = await countWhere(
      t,
      company.accountId,
      sql`i.last_class_id in (select id from lookups where name = 'Graffiti' and account_id = ${company.accountId})`,
    );
    expect(graffiti).toBe(2);
  });

  it('remembers the mapping, and importing the same file again creates nothing twice', async () => {
    const again = await uploaded(t, headers, history(), 'history again.csv');
    expect(again.mapping.sheets[0]?.columns).toMatchObject({
      'Victim first': 'person.firstName',
      Closed: 'closedDate',
    });
    expect(again.mapping.values).toEqual({ incidentClass: { 'Security > Graffiti': { action: 'create' } } });
    const validated = await runJob(t, headers, again.id, 'validate');
    expect(validated.counts).toMatchObject({ valid: 5, refused: 3, skipped: 5 });
    const done = await runJob(t, headers, again.id, 'run');
    expect(done.counts).toEqual({ rows: 8, valid: 0, refused: 3, created: 0, skipped: 5 });
    expect(await importedIncidents()).toBe(5);
  });

  it('answers a report of every row, safe to open in a spreadsheet', async () => {
    const response = await t.inject({ method: 'GET', url: `/api/imports/${detail.id}/report.csv`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Sheet,Row,Source reference,Outcome,Reason');
    expect(lines).toHaveLength(9);
    expect(lines).toContain("history,7,BAD-1,refused,Date Reported: 'When / Date reported' is required");
  });
});
