import { type SearchPage, STAFF_PRIVILEGES } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { group, type Headers, numbersFound, searchRequest } from '../../../test/fixtures/search-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let admin: Headers;
let staff: Headers;
let refs: CompanyRefs;
const numbers: Record<'adminOpen' | 'adminLocked' | 'staffOpen' | 'staffLocked' | 'staffClosed', number> = {
  adminOpen: 0,
  adminLocked: 0,
  staffOpen: 0,
  staffLocked: 0,
  staffClosed: 0,
};
const everything = { dateOccurred: group([{ periodType: 'lastNDays', days: 30 } as const]) };
const sorted = (...values: number[]) => [...values].sort((a, b) => b - a);

async function setColumns(number: number, values: { locked?: boolean; status?: number }) {
  await t.database.system((tx) =>
    tx.execute(sql`update incidents set locked = coalesce(${values.locked ?? null}::boolean, locked),
      status = coalesce(${values.status ?? null}::smallint, status)
      where account_id = ${company.accountId} and number = ${number}`),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Visibility Co', concurrentUserCount: 50 });
  other = await t.createCompany({ name: 'Other Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  staff = await t.signIn(company.staff);
  refs = await companyRefs(t.database, company.accountId);
  for (const key of Object.keys(numbers) as (keyof typeof numbers)[]) {
    numbers[key] = (await submitIncident(t, key.startsWith('admin') ? admin : staff, refs)).number;
  }
  await setColumns(numbers.adminLocked, { locked: true });
  await setColumns(numbers.staffLocked, { locked: true });
  await setColumns(numbers.staffClosed, { status: 2 });
  // A working copy of an incident and a new draft are never found.
  await t.inject({ method: 'POST', url: '/api/draftIncidents', headers: admin, payload: {} });
});
afterAll(() => t.close());

describe('POST /api/incidents/search: who finds what', () => {
  it('finds every open and closed incident of the company for an administrator, locked ones included', async () => {
    expect(await numbersFound(t, admin, everything)).toEqual(sorted(...Object.values(numbers)));
  });

  it('finds only the incidents staff created (no ALLINCIDENT_SEARCH), and no locked ones (no INCIDENT_LOCK)', async () => {
    expect(STAFF_PRIVILEGES).not.toContain('ALLINCIDENT_SEARCH');
    expect(await numbersFound(t, staff, everything)).toEqual(sorted(numbers.staffOpen, numbers.staffClosed));
  });

  it('finds locked ones with INCIDENT_LOCK, and everyone’s with ALLINCIDENT_SEARCH', async () => {
    const locker = await t.signIn(
      await t.createUser(company.accountId, { privileges: ['MYINCIDENT_SEARCH', 'INCIDENT_LOCK'] }),
    );
    expect(await numbersFound(t, locker, everything)).toEqual([]);
    const all = await t.signIn(await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    expect(await numbersFound(t, all, everything)).toEqual(
      sorted(numbers.adminOpen, numbers.staffOpen, numbers.staffClosed),
    );
    const both = await t.signIn(
      await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'INCIDENT_LOCK'] }),
    );
    expect(await numbersFound(t, both, everything)).toEqual(sorted(...Object.values(numbers)));
  });

  it('finds nothing of another company, even with its class, location or severity ids', async () => {
    const theirs = await companyRefs(t.database, other.accountId);
    const otherAdmin = await t.signIn(other.admin);
    await submitIncident(t, otherAdmin, theirs);
    expect(await numbersFound(t, admin, { class: group([{ lookupId: theirs.incidentClass }]) })).toEqual([]);
    expect(await numbersFound(t, admin, { location: group([{ lookupId: theirs.location }]) })).toEqual([]);
    expect(await numbersFound(t, admin, { severity: group([{ lookupId: theirs.severityType }]) })).toEqual([]);
    // And their own search finds only their incident.
    expect(await numbersFound(t, otherAdmin, everything)).toEqual([1]);
  });

  it('reads through views that hold only the current company’s rows, and none without a company', async () => {
    const views = ['search_incidents', 'search_lookups', 'search_users'];
    const companies = (rows: unknown) =>
      (rows as { rows: { account_id: string | null; n: number }[] }).rows.map((row) => row.n);
    for (const view of views) {
      const ofOther = await t.database.tenant(other.accountId, (tx) =>
        tx.execute(
          sql.raw(`select count(*)::int as n from ${view} v
          where not exists (select 1 from ${view.replace('search_', '')} own where own.id = v.id)`),
        ),
      );
      // Every row the view shows the other company is one its own policy shows it too.
      expect(companies(ofOther), view).toEqual([0]);
      const none = await t.database.noTenant((tx) => tx.execute(sql.raw(`select count(*)::int as n from ${view}`)));
      expect(companies(none), view).toEqual([0]);
    }
    const mine = await t.database.tenant(company.accountId, (tx) =>
      tx.execute(sql`select count(*)::int as n from search_incidents where account_id <> ${company.accountId}`),
    );
    expect(companies(mine)).toEqual([0]);
  });

  it('answers 401 without a session and 403 without a search privilege', async () => {
    expect((await searchRequest(t, {}, everything)).statusCode).toBe(401);
    const none = await t.signIn(await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] }));
    expect((await searchRequest(t, none, everything)).statusCode).toBe(403);
  });
});

describe('POST /api/incidents/search: paging and the audit entry', () => {
  it('pages the results with the total', async () => {
    const first = (await searchRequest(t, admin, everything, '?p=0&psz=2')).json<SearchPage>();
    const second = (await searchRequest(t, admin, everything, '?p=1&psz=2')).json<SearchPage>();
    const third = (await searchRequest(t, admin, everything, '?p=2&psz=2')).json<SearchPage>();
    expect(first).toMatchObject({ total: 5, totalCapped: false, page: 0, pageSize: 2 });
    const pages = [first, second, third].map((page) => page.items.map((row) => row.number));
    expect(pages.flat()).toEqual(sorted(...Object.values(numbers)));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect((await searchRequest(t, admin, everything, '?psz=101')).statusCode).toBe(400);
  });

  it('writes a SEARCH audit entry with the criteria and the audit title', async () => {
    const criteria = { person: group([{ lastName: 'Audit-me' }]) };
    const response = await searchRequest(t, admin, criteria, '', { auditTitle: 'Night shift thefts' });
    expect(response.statusCode).toBe(200);
    const [entry] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, company.accountId), eq(auditEntries.objectName, 'Night shift thefts'))),
    );
    expect(entry).toMatchObject({
      objectType: 'SEARCH',
      transactionType: 'SEARCH',
      createUserId: company.admin.id,
      objectData: {
        auditTitle: 'Night shift thefts',
        criteria: { person: { logicalOperation: 'OR', values: [expect.objectContaining({ lastName: 'Audit-me' })] } },
      },
    });
  });
});
