import type { ImportPreview } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLookups, csv, putMapping, runJob, uploaded } from '../../../test/fixtures/import-fixtures';
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

describe('smoke', () => {
  it('uploads, previews, validates and imports a CSV', async () => {
    const file = csv([
      [
        'Ref',
        'Date reported',
        'Date occurred',
        'Class',
        'Severity',
        'Status',
        'Closed date',
        'Summary',
        'First name',
        'Last name',
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
        'Lee',
      ],
      ['OLD-2', '2025-01-05T08:00:00Z', '2025-01-05T07:00:00Z', lookups.classPath, '', 'Open', '', '', '', ''],
    ]);
    const detail = await uploaded(t, headers, file, 'history.csv');
    expect(detail.sheets).toEqual([{ name: 'history', headers: expect.any(Array), rowCount: 2 }]);
    expect(detail.mapping.sheets[0]?.columns).toMatchObject({
      Ref: 'sourceRef',
      Class: 'classPath',
      'Date occurred': 'occurredDate',
    });
    const preview = await t.inject({ method: 'GET', url: `/api/imports/${detail.id}/preview`, headers });
    expect(preview.json<ImportPreview>().rows.map((r) => r.issues)).toEqual([[], []]);
    const mapped = {
      ...detail.mapping,
      sheets: detail.mapping.sheets.map((s) => ({
        ...s,
        columns: { ...s.columns, 'First name': 'person.firstName', 'Last name': 'person.lastName' },
      })),
    };
    expect((await putMapping(t, headers, detail.id, mapped)).statusCode).toBe(200);
    const validated = await runJob(t, headers, detail.id, 'validate');
    expect(validated.counts).toEqual({ rows: 2, valid: 2, refused: 0, created: 0, skipped: 0 });
    const done = await runJob(t, headers, detail.id, 'run');
    expect(done.counts).toEqual({ rows: 2, valid: 2, refused: 0, created: 2, skipped: 0 });
    const rows = await t.inject({ method: 'GET', url: `/api/imports/${detail.id}/rows`, headers });
    expect(rows.json<{ total: number }>().total).toBe(2);
  });
});
