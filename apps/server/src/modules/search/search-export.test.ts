import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CSV_BOM, SEARCH_TOTAL_CAP, type SearchPage } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIncidents } from '../../../bench/scale/seed';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { group, type Headers, searchRequest } from '../../../test/fixtures/search-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';
import { EXPORT_BATCH } from './search-export';

let t: TestContext;
let company: TestCompany;
let admin: Headers;
const everything = { status: group([{ status: 1 as const }, { status: 2 as const }]) };
const SEEDED = SEARCH_TOTAL_CAP + 50;

const exportRequest = (headers: Headers, payload: Record<string, unknown>) =>
  t.inject({
    method: 'POST',
    url: '/api/incidents/search/export',
    headers: { ...headers, 'x-timezone-offset': '300' },
    payload,
  });

/** The CSV's records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      field += c;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else {
      // CRLF ends a record.
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    }
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Export Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  const refs = await companyRefs(t.database, company.accountId);
  await submitIncident(t, admin, refs, {}, (fields) => ({
    ...fields,
    summary: '<p>Took "two" items, then left; see CCTV</p>',
    persons: fields.persons.map((person) => ({ ...person, firstName: '=HYPERLINK("http://x")', lastName: 'Trần' })),
  }));
  await seedIncidents(t.database, {
    accountId: company.accountId,
    userId: company.admin.id,
    otherUserId: company.staff.id,
    count: SEEDED - 1,
  });
});
afterAll(() => t.close());

describe('POST /api/incidents/search/export', () => {
  it('streams every matching incident as CSV in the chosen columns and order, formula-safe, with a BOM', async () => {
    const response = await exportRequest(admin, {
      criteria: everything,
      columns: ['persons', 'number', 'summary', 'reportedDate'],
      title: 'Thefts: Q3 / north',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Thefts Q3 north.csv"; filename*=UTF-8''Thefts%20Q3%20north.csv`,
    );
    expect(response.body.startsWith(CSV_BOM)).toBe(true);
    const rows = records(response.body.slice(CSV_BOM.length));
    expect(rows[0]).toEqual(['Persons', 'Number', 'Summary', 'Date reported']);
    // Every row, newest first, past the batch size and the search's total cap.
    expect(rows).toHaveLength(SEEDED + 1);
    expect(SEEDED).toBeGreaterThan(EXPORT_BATCH);
    const numbers = rows.slice(1).map((row) => Number(row[1]));
    expect(numbers[0]).toBe(SEEDED);
    expect(new Set(numbers).size).toBe(SEEDED);
    expect(numbers.every((n, i) => i === 0 || n < (numbers[i - 1] ?? 0))).toBe(true);
    // The submitted incident: a formula-like name made text, the whole summary with its quotes and comma.
    const first = rows.at(-1);
    expect(first?.[0]).toBe(`'=HYPERLINK("http://x") Trần`);
    expect(first?.[2]).toBe('Took "two" items, then left; see CCTV');
    // Dates in the reader's zone (x-timezone-offset 300) and the company's format.
    expect(first?.[3]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM)$/);
  });

  it('sends the same file compressed as the client accepts (brotli, gzip), and plain without', async () => {
    const payload = { criteria: everything, columns: ['persons', 'number', 'summary', 'reportedDate'], title: 'Z' };
    const ask = (encoding: string | undefined) =>
      t.inject({
        method: 'POST',
        url: '/api/incidents/search/export',
        headers: { ...admin, 'x-timezone-offset': '300', ...(encoding ? { 'accept-encoding': encoding } : {}) },
        payload,
      });
    const [plain, br, gzip] = await Promise.all([ask(undefined), ask('br, gzip'), ask('gzip, deflate')]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.rawPayload.length).toBeGreaterThan(EXPORT_BATCH * 10);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('writes a SEARCH / EXPORT audit entry', async () => {
    await exportRequest(admin, { criteria: everything, columns: ['number'], auditTitle: 'Export audit' });
    const [entry] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, company.accountId), eq(auditEntries.objectName, 'Export audit'))),
    );
    expect(entry).toMatchObject({ objectType: 'SEARCH', transactionType: 'EXPORT' });
  });

  it('answers 400 to no columns, an unknown column or no criteria, 403 without a search privilege', async () => {
    const bad = async (payload: Record<string, unknown>) => (await exportRequest(admin, payload)).json();
    expect(await bad({ criteria: everything, columns: [] })).toEqual({
      code: 'BAD_REQUEST',
      message: 'Choose at least one column.',
    });
    expect(await bad({ criteria: everything, columns: ['salary'] })).toMatchObject({
      message: 'Unknown result column',
    });
    expect(await bad({ criteria: {}, columns: ['number'] })).toMatchObject({
      message: 'Please add a search criteria.',
    });
    const none = await t.signIn(await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] }));
    expect((await exportRequest(none, { criteria: everything, columns: ['number'] })).statusCode).toBe(403);
  });
});

describe('POST /api/incidents/search: totals above the cap', () => {
  it(`answers ${SEARCH_TOTAL_CAP} with totalCapped, and still answers the pages past it`, async () => {
    const page = (await searchRequest(t, admin, everything)).json<SearchPage>();
    expect(page).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(page.items.map((row) => row.number)).toEqual(Array.from({ length: 10 }, (_, i) => SEEDED - i));
    const past = (await searchRequest(t, admin, everything, `?p=${SEARCH_TOTAL_CAP / 10}`)).json<SearchPage>();
    expect(past.items.map((row) => row.number)).toEqual(Array.from({ length: 10 }, (_, i) => 50 - i));
    const few = (
      await searchRequest(t, admin, { incidentNumber: group([{ number: 1 }, { number: 2 }]) })
    ).json<SearchPage>();
    expect(few).toMatchObject({ total: 2, totalCapped: false });
  });
});
