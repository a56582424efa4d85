import {
  AUDIT_MESSAGES,
  type AuditDetail,
  type AuditPage,
  type AuditUser,
  PRIVATE_PERSON_FIELDS,
} from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { auditRowsOf, submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';
import { monthBefore, readerToday } from './audit-dates';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let auditor: Record<string, string>;
let auditorId: string;
/** An entry of company B, which A's users must not reach. */
let otherCompanyEntry: string;

const DAY = 24 * 60 * 60 * 1000;
const get = <T>(url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api${url}`, headers }).then((r) => ({ r, body: r.json<T>() }));
const today = () => readerToday(0, new Date());
const utc = { 'x-timezone-offset': '0' };

/** Audit rows of company A written directly, at chosen times. */
async function insertEntries(rows: { objectType: string; userId?: string; at: Date; name?: string }[]) {
  await t.database.system((tx) =>
    tx.insert(auditEntries).values(
      rows.map((row) => ({
        accountId: a.accountId,
        objectType: row.objectType,
        transactionType: 'CREATE',
        objectName: row.name ?? row.objectType,
        createUserId: row.userId ?? a.admin.id,
        createUserName: 'Someone',
        createdAt: row.at,
      })),
    ),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Audit A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Audit B', concurrentUserCount: 100 });
  admin = { ...(await t.signIn(a.admin)), ...utc };
  const auditUser = await t.createUser(a.accountId, { privileges: ['AUDIT_VIEW'] });
  auditorId = auditUser.id;
  auditor = { ...(await t.signIn(auditUser)), ...utc };
  await t.signIn(b.admin);
  const [entry] = await t.database.system((tx) =>
    tx
      .insert(auditEntries)
      .values({ accountId: b.accountId, objectType: 'LOOKUP', transactionType: 'CREATE', objectName: 'B only' })
      .returning({ id: auditEntries.id }),
  );
  otherCompanyEntry = entry?.id ?? '';
});
afterAll(() => t.close());

describe('the audit routes', () => {
  const routes = ['/audits', '/audits/users', '/audits/verify', `/audits/${crypto.randomUUID()}`];

  it('answer 401 without a session', async () => {
    for (const url of routes) expect((await get(url)).r.statusCode, url).toBe(401);
  });

  it('answer 403 without AUDIT_VIEW, and 200 with it alone', async () => {
    const staff = await t.signIn(a.staff);
    const others = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['ACCOUNT_ADMIN', 'USER_EDIT', 'ALLINCIDENT_SEARCH'] }),
    );
    for (const headers of [staff, others]) {
      for (const url of routes) expect((await get(url, headers)).r.statusCode, url).toBe(403);
    }
    for (const url of routes.slice(0, 3)) expect((await get(url, auditor)).r.statusCode, url).toBe(200);
  });

  it('answer 404 for another company’s entry, exactly like a missing one', async () => {
    const other = await get<{ message: string }>(`/audits/${otherCompanyEntry}`, admin);
    const missing = await get<{ message: string }>(`/audits/${crypto.randomUUID()}`, admin);
    expect(other.r.statusCode).toBe(404);
    expect(other.body).toEqual(missing.body);
    const own = await get<AuditDetail>(`/audits/${otherCompanyEntry}`, await t.signIn(b.admin));
    expect(own.body.objectName).toBe('B only');
    const list = await get<AuditPage>('/audits?psz=100', admin);
    expect(list.body.items.map((item) => item.id)).not.toContain(otherCompanyEntry);
  });

  it('refuse bad input with 400 and a clear message', async () => {
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      [`/audits?toDate=${tomorrow}`, AUDIT_MESSAGES.futureDate],
      [`/audits?fromDate=${tomorrow}`, AUDIT_MESSAGES.futureDate],
      ['/audits?fromDate=2026-02-02&toDate=2026-02-01', AUDIT_MESSAGES.dateOrder],
      ['/audits?fromDate=2026-02-30', AUDIT_MESSAGES.invalidDate],
      ['/audits?objectType=NOPE', AUDIT_MESSAGES.invalidType],
      ['/audits?createUserId=42', AUDIT_MESSAGES.invalidUser],
      ['/audits?p=-1', 'p must be a page number from 0'],
      ['/audits?psz=101', 'psz must be a page size from 1 to 100'],
      ['/audits/42', 'Invalid id'],
    ];
    for (const [url, message] of cases) {
      const { r, body } = await get<{ message: string }>(url, admin);
      expect(r.statusCode, url).toBe(400);
      expect(body.message, url).toBe(message);
    }
  });

  it('read "future" in the reader’s zone (x-timezone-offset)', async () => {
    // UTC+14's today is always a day after UTC-12's.
    const aheadToday = readerToday(-14 * 60, new Date());
    const ahead = await get(`/audits?toDate=${aheadToday}`, { ...admin, 'x-timezone-offset': '-840' });
    expect(ahead.r.statusCode).toBe(200);
    const behind = await get<{ message: string }>(`/audits?toDate=${aheadToday}`, {
      ...admin,
      'x-timezone-offset': '720',
    });
    expect(behind.r.statusCode).toBe(400);
    expect(behind.body.message).toBe(AUDIT_MESSAGES.futureDate);
  });
});

describe('GET /audits', () => {
  it('pages the range newest first with its total, one month back to today by default', async () => {
    const now = Date.now();
    await insertEntries([
      ...Array.from({ length: 23 }, (_, i) => ({ objectType: 'LOOKUP', at: new Date(now - (i + 1) * 60_000) })),
      { objectType: 'ACCOUNT', at: new Date(now - 40 * DAY), name: 'Too old' },
    ]);
    const first = await get<AuditPage>('/audits', admin);
    expect(first.r.statusCode).toBe(200);
    expect(first.body.pageSize).toBe(10);
    expect(first.body.page).toBe(0);
    expect(first.body.items).toHaveLength(10);
    const total = first.body.total;
    expect(total).toBeGreaterThanOrEqual(23);
    const times = first.body.items.map((item) => Date.parse(item.createUserTime));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const last = await get<AuditPage>(`/audits?p=${Math.floor((total - 1) / 10)}`, admin);
    expect(last.body.items).toHaveLength(total % 10 || 10);
    const all = await get<AuditPage>('/audits?psz=100', admin);
    expect(all.body.items.map((item) => item.objectName)).not.toContain('Too old');
    const wider = await get<AuditPage>(`/audits?psz=100&fromDate=${monthBefore(monthBefore(today()))}`, admin);
    expect(wider.body.items.map((item) => item.objectName)).toContain('Too old');
    expect(wider.body.total).toBe(total + 1);
  });

  it('filters by audit type or by user', async () => {
    await insertEntries([
      { objectType: 'USER_GROUP', at: new Date(), userId: auditorId },
      { objectType: 'USER_GROUP', at: new Date() },
    ]);
    const groups = await get<AuditPage>('/audits?objectType=USER_GROUP', admin);
    expect(groups.body.total).toBe(2);
    expect(groups.body.items.every((item) => item.objectType === 'USER_GROUP')).toBe(true);
    const byAuditor = await get<AuditPage>(`/audits?createUserId=${auditorId}&psz=100`, admin);
    // The auditor's own sign-in and the group entry.
    expect(byAuditor.body.items.map((item) => item.objectType).sort()).toEqual(['AUTHENTICATION', 'USER_GROUP']);
    const both = await get<AuditPage>(`/audits?createUserId=${auditorId}&objectType=USER_GROUP`, admin);
    expect(both.body.total).toBe(1);
  });

  it('reads the days in the reader’s zone', async () => {
    // 02:00 UTC on the 10th is still the 9th at UTC-5 (offset 300).
    const day = monthBefore(today());
    const at = new Date(`${day}T02:00:00Z`);
    await insertEntries([{ objectType: 'SUBSCRIPTION', at, name: 'Zone probe' }]);
    const previous = new Date(at.getTime() - DAY).toISOString().slice(0, 10);
    const names = async (date: string, offset: string) =>
      (
        await get<AuditPage>(`/audits?fromDate=${date}&toDate=${date}&objectType=SUBSCRIPTION`, {
          ...admin,
          'x-timezone-offset': offset,
        })
      ).body.items.map((item) => item.objectName);
    expect(await names(previous, '300')).toEqual(['Zone probe']);
    expect(await names(day, '300')).toEqual([]);
    expect(await names(day, '0')).toEqual(['Zone probe']);
  });
});

describe('GET /audits/{id} and /audits/users', () => {
  it('answers an INCIDENT change with its history compare, private person fields masked without PRIVACY_INFO_VIEW', async () => {
    const refs = await companyRefs(t.database, a.accountId);
    const incident = await submitIncident(t, admin, refs, { persons: 2 });
    const [row] = await auditRowsOf(t, incident.id, 'CREATE');
    expect(row?.objectHistoryId).toBeTruthy();
    const full = await get<AuditDetail>(`/audits/${row?.id}`, admin);
    expect(full.r.statusCode).toBe(200);
    expect(full.body).toMatchObject({
      objectType: 'INCIDENT',
      transactionType: 'CREATE',
      objectName: `#${incident.number}`,
    });
    expect(full.body.incidentCompare?.previousIncident).toBeNull();
    expect(full.body.incidentCompare?.currentIncident.number).toBe(incident.number);
    expect(full.body.incidentCompare?.currentIncident.persons[0]?.privateHidden).toBe(false);

    const viewer = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['AUDIT_VIEW', 'ALLINCIDENT_SEARCH'] }),
    );
    const masked = await get<AuditDetail>(`/audits/${row?.id}`, viewer);
    const persons = masked.body.incidentCompare?.currentIncident.persons ?? [];
    expect(persons).toHaveLength(2);
    for (const person of persons) {
      expect(person.privateHidden).toBe(true);
      for (const field of PRIVATE_PERSON_FIELDS) expect(person[field], field).toSatisfy((v) => v === '' || v === null);
    }
    // The audit log does not show an incident to a user who may not see it.
    const blind = await get<AuditDetail>(`/audits/${row?.id}`, auditor);
    expect(blind.r.statusCode).toBe(200);
    expect(blind.body.incidentCompare).toBeNull();
  });

  it('answers a search entry with its criteria', async () => {
    const criteria = { status: { values: [{ id: 'c1', status: 1 }] } };
    const searched = await t.inject({
      method: 'POST',
      url: '/api/incidents/search',
      headers: admin,
      payload: { auditTitle: 'Open ones', criteria },
    });
    expect(searched.statusCode, searched.body).toBe(200);
    const list = await get<AuditPage>('/audits?objectType=SEARCH', admin);
    const entry = list.body.items.find((item) => item.objectName === 'Open ones');
    const detail = await get<AuditDetail>(`/audits/${entry?.id}`, admin);
    expect(detail.body.objectData).toMatchObject({
      auditTitle: 'Open ones',
      criteria: { status: { values: [{ status: 1 }] } },
    });
    expect(detail.body.incidentCompare).toBeNull();
  });

  it('lists the company’s users by name for the filter', async () => {
    const { body } = await get<AuditUser[]>('/audits/users', admin);
    const ids = body.map((user) => user.id);
    expect(ids).toContain(a.admin.id);
    expect(ids).toContain(auditorId);
    expect(ids).not.toContain(b.admin.id);
    const names = body.map((user) => user.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});
