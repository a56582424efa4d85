import { randomUUID } from 'node:crypto';
import {
  type SavedSearch,
  type SearchCount,
  type SearchCriteriaInput,
  type SearchPage,
  STAFF_PRIVILEGES,
} from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { saveBody } from '../../../test/fixtures/saved-search-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';

/** Running saved searches: the dashboard card's count and a search report's run. */
let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let admin: Record<string, string>;
/** Staff: MYINCIDENT_SEARCH, so only their own incidents. */
let staff: Record<string, string>;
/** Staff privileges plus REPORT_PRINT. */
let printer: Record<string, string>;
/** ALLINCIDENT_SEARCH and REPORT_PRINT. */
let reader: Record<string, string>;
let outsider: Record<string, string>;
/** Incident numbers by who entered them (all open). */
const numbers: Record<'admin' | 'staff' | 'printer', number[]> = { admin: [], staff: [], printer: [] };
let staffSearch: SavedSearch;
let adminSearch: SavedSearch;
let report: SavedSearch;
let foreignSearch: SavedSearch;
let foreignReport: SavedSearch;

async function save(url: string, headers: Record<string, string>, body = saveBody()): Promise<SavedSearch> {
  const response = await t.inject({ method: 'POST', url, headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedSearch>();
}

const count = (id: string, headers = staff) =>
  t.inject({ method: 'GET', url: `/api/incidents/search/custom/${id}/count`, headers });
const run = (id: string, headers = reader, query = '') =>
  t.inject({ method: 'GET', url: `/api/reports/custom/${id}${query}`, headers });

function reportAudits(accountId: string) {
  return t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.accountId, accountId),
          eq(auditEntries.objectType, 'REPORT'),
          eq(auditEntries.transactionType, 'SEARCH'),
        ),
      ),
  );
}

async function auditCount(accountId: string) {
  const rows = await t.database.system((tx) =>
    tx.select({ id: auditEntries.id }).from(auditEntries).where(eq(auditEntries.accountId, accountId)),
  );
  return rows.length;
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Runs Co', concurrentUserCount: 50 });
  other = await t.createCompany({ name: 'Other Runs Co' });
  admin = await t.signIn(company.admin);
  staff = await t.signIn(company.staff);
  printer = await t.signIn(
    await t.createUser(company.accountId, { privileges: [...STAFF_PRIVILEGES, 'REPORT_PRINT'] }),
  );
  reader = await t.signIn(
    await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'REPORT_PRINT'] }),
  );
  outsider = await t.signIn(other.admin);
  const refs = await companyRefs(t.database, company.accountId);
  const entered: [keyof typeof numbers, Record<string, string>, number][] = [
    ['admin', admin, 2],
    ['staff', staff, 3],
    ['printer', printer, 1],
  ];
  for (const [who, headers, n] of entered) {
    for (let i = 0; i < n; i++) numbers[who].push((await submitIncident(t, headers, refs)).number);
  }
  // Another company's open incidents, which no search here may count.
  const otherRefs = await companyRefs(t.database, other.accountId);
  for (let i = 0; i < 2; i++) await submitIncident(t, outsider, otherRefs);
  staffSearch = await save('/api/incidents/search/custom', staff);
  adminSearch = await save('/api/incidents/search/custom', admin);
  report = await save('/api/reports/custom', admin, saveBody({ name: 'Open incidents report' }));
  foreignSearch = await save('/api/incidents/search/custom', outsider);
  foreignReport = await save('/api/reports/custom', outsider);
});
afterAll(() => t.close());

const all = () => [...numbers.admin, ...numbers.staff, ...numbers.printer].sort((x, y) => y - x);

describe('GET /api/incidents/search/custom/:id/count', () => {
  it('counts the incidents the saved criteria find, as the user may see them', async () => {
    const own = await count(staffSearch.id);
    expect(own.statusCode).toBe(200);
    expect(own.json<SearchCount>()).toEqual({ total: numbers.staff.length, totalCapped: false });
    const everyone = await count(adminSearch.id, admin);
    expect(everyone.json<SearchCount>()).toEqual({ total: all().length, totalCapped: false });
  });

  it('counts with the stored criteria: an incident-number search finds that one incident', async () => {
    const target = numbers.admin[0] ?? 0;
    const byNumber = await save(
      '/api/incidents/search/custom',
      admin,
      saveBody({ criteria: { incidentNumber: { values: [{ id: 'n1', number: target }] } } }),
    );
    expect((await count(byNumber.id, admin)).json<SearchCount>()).toEqual({ total: 1, totalCapped: false });
  });

  it("answers 404 for another user's, another company's, a report's or an unknown id", async () => {
    for (const id of [adminSearch.id, foreignSearch.id, report.id, randomUUID()]) {
      const response = await count(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Saved search not found.' });
    }
    expect((await count('nope')).json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
  });

  it('writes no audit entry (the dashboard asks for every card on every visit)', async () => {
    const before = await auditCount(company.accountId);
    expect((await count(staffSearch.id)).statusCode).toBe(200);
    expect(await auditCount(company.accountId)).toBe(before);
  });
});

describe('GET /api/reports/custom/:id', () => {
  it('runs the report: a page of matching incidents, newest first, with the total', async () => {
    const response = await run(report.id, reader, '?p=0&psz=4');
    expect(response.statusCode).toBe(200);
    const page = response.json<SearchPage>();
    expect(page).toMatchObject({ total: all().length, page: 0, pageSize: 4, totalCapped: false });
    expect(page.items.map((row) => row.number)).toEqual(all().slice(0, 4));
    const second = (await run(report.id, reader, '?p=1&psz=4')).json<SearchPage>();
    expect(second.items.map((row) => row.number)).toEqual(all().slice(4));
  });

  it("obeys the runner's search visibility: without ALLINCIDENT_SEARCH only their own incidents", async () => {
    const response = await run(report.id, printer);
    expect(response.statusCode).toBe(200);
    expect(response.json<SearchPage>().items.map((row) => row.number)).toEqual(numbers.printer);
    expect(response.json<SearchPage>().total).toBe(numbers.printer.length);
  });

  it('writes a REPORT audit entry named after the report, with its criteria, in the same transaction', async () => {
    const before = await reportAudits(company.accountId);
    expect((await run(report.id, printer)).statusCode).toBe(200);
    const after = await reportAudits(company.accountId);
    expect(after).toHaveLength(before.length + 1);
    const entry = after.find((row) => !before.some((old) => old.id === row.id));
    expect(entry).toMatchObject({
      objectName: 'Open incidents report',
      objectId: report.id,
      objectData: { auditTitle: 'Open incidents report', criteria: report.criteria },
    });
  });

  it("answers 404 for another company's report, a dashboard search or an unknown id, and writes no audit entry", async () => {
    const before = await reportAudits(company.accountId);
    for (const id of [foreignReport.id, adminSearch.id, randomUUID()]) {
      const response = await run(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
    }
    expect(await reportAudits(company.accountId)).toHaveLength(before.length);
  });

  it('answers 403 to staff without REPORT_PRINT and REPORT_CREATE, 401 without a session, 400 to bad paging', async () => {
    const refused = await run(report.id, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
    expect((await t.inject({ method: 'GET', url: `/api/reports/custom/${report.id}` })).statusCode).toBe(401);
    expect((await run(report.id, reader, '?psz=0')).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'psz must be a page size from 1 to 100',
    });
  });

  it('runs for REPORT_CREATE alone too', async () => {
    const response = await run(report.id, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<SearchPage>().total).toBe(all().length);
  });
});

describe('the count of a dashboard search', () => {
  it('answers 401 without a session and 403 without a search privilege', async () => {
    expect(
      (await t.inject({ method: 'GET', url: `/api/incidents/search/custom/${staffSearch.id}/count` })).statusCode,
    ).toBe(401);
    const noSearch = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_PRINT'] }));
    expect((await count(staffSearch.id, noSearch)).statusCode).toBe(403);
  });
});

describe("the reader's clock (x-timezone-offset)", () => {
  it('reads stored dates in the zone of the request, for the count and for a report run', async () => {
    const zoned = await t.createCompany({ name: 'Zone Co' });
    const headers = await t.signIn(zoned.admin);
    const refs = await companyRefs(t.database, zoned.accountId);
    // 02:00 UTC on 1 March is still 29 February in Toronto (UTC-5, offset 300).
    await submitIncident(t, headers, refs, {}, (fields) => ({
      ...fields,
      reportedDate: '2024-03-01T02:00:00.000Z',
      occurredDate: '2024-03-01T01:00:00.000Z',
    }));
    const criteria: SearchCriteriaInput = {
      dateReported: { values: [{ id: 'd1', periodType: 'period', fromDate: '2024-02-29', toDate: '2024-02-29' }] },
    };
    const search = await save('/api/incidents/search/custom', headers, saveBody({ criteria }));
    const saved = await save('/api/reports/custom', headers, saveBody({ criteria }));
    const inZone = (offset: string) => ({ ...headers, 'x-timezone-offset': offset });
    expect((await count(search.id, inZone('300'))).json<SearchCount>().total).toBe(1);
    expect((await count(search.id, inZone('0'))).json<SearchCount>().total).toBe(0);
    expect((await run(saved.id, inZone('300'))).json<SearchPage>().total).toBe(1);
    expect((await run(saved.id, inZone('0'))).json<SearchPage>().total).toBe(0);
  });
});
