import { randomUUID } from 'node:crypto';
import { INCIDENT_MESSAGES, type IncidentRow, type Page, STAFF_PRIVILEGES } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../test/test-app';
import { accounts, auditEntries, incidentHistory, incidents, lookups, workgroups } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let staffHeaders: Record<string, string>;
let classId: string;

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const valid = () => ({ reportedDate: ago(HOUR), occurredDate: ago(2 * HOUR), lastClassId: classId });

const submit = (payload: Record<string, unknown>, headers = staffHeaders) =>
  t.inject({ method: 'POST', url: '/api/incidents', headers, payload });

async function lookupOf(accountId: string, type: string) {
  const [row] = await t.database.system((tx) =>
    tx
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(eq(lookups.accountId, accountId), eq(lookups.type, type)))
      .limit(1),
  );
  if (!row) throw new Error(`no ${type} lookup`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Incident Co', concurrentUserCount: 50 });
  staffHeaders = await t.signIn(company.staff);
  classId = await lookupOf(company.accountId, 'incidentClass');
});
afterAll(() => t.close());

describe('POST /api/incidents', () => {
  it('creates open incidents numbered 1, 2, … per company', async () => {
    const first = await submit({ ...valid(), summary: 'Shoplifter left through the east door.' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(String), number: 1 });
    const second = await submit(valid());
    expect(second.json()).toMatchObject({ number: 2 });
    const [stored] = await t.database.system((tx) =>
      tx.select().from(incidents).where(eq(incidents.id, first.json<{ id: string }>().id)),
    );
    expect(stored).toMatchObject({
      accountId: company.accountId,
      number: 1,
      status: 1,
      locked: false,
      createUserId: company.staff.id,
      lastClassId: classId,
      summary: 'Shoplifter left through the east door.',
    });

    const other = await t.createCompany();
    const otherClass = await lookupOf(other.accountId, 'incidentClass');
    const elsewhere = await submit({ ...valid(), lastClassId: otherClass }, await t.signIn(other.staff));
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ number: 1 });
    const third = await submit(valid());
    expect(third.json()).toMatchObject({ number: 3 });
  });

  it('gives incidents submitted at the same time distinct consecutive numbers', async () => {
    const company2 = await t.createCompany();
    const headers = await t.signIn(company2.staff);
    const lastClassId = await lookupOf(company2.accountId, 'incidentClass');
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit({ ...valid(), lastClassId }, headers)));
    const numbers = responses.map((r) => r.json<{ number: number }>().number).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes a CREATE history row and an INCIDENT/CREATE audit row in the same transaction', async () => {
    const response = await submit(valid());
    const { id, number } = response.json<{ id: string; number: number }>();
    const { incident, history, audit } = await t.database.system(async (tx) => ({
      incident: (await tx.select().from(incidents).where(eq(incidents.id, id)))[0],
      history: await tx.select().from(incidentHistory).where(eq(incidentHistory.incidentId, id)),
      audit: await tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectType, 'INCIDENT'), eq(auditEntries.objectId, id))),
    }));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actionType: 'CREATE', updateUserId: company.staff.id });
    expect(history[0]?.snapshot).toMatchObject({ id, number, status: 1 });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      accountId: company.accountId,
      transactionType: 'CREATE',
      objectName: `#${number}`,
      objectHistoryId: history[0]?.id,
      createUserId: company.staff.id,
    });
    // now() is the transaction's start time: equal timestamps mean one transaction.
    expect(history[0]?.createdAt.getTime()).toBe(incident?.createdAt.getTime());
    expect(audit[0]?.createdAt.getTime()).toBe(incident?.createdAt.getTime());
  });

  it('answers "\'What\' is required" without a class', async () => {
    for (const lastClassId of [undefined, '', 'not-an-id']) {
      const response = await submit({ ...valid(), lastClassId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: INCIDENT_MESSAGES.whatRequired });
    }
  });

  it('answers the required-date messages without the dates, and refuses bad dates and an overlong summary', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), reportedDate: undefined }, "'When / Date reported' is required"],
      [{ ...valid(), reportedDate: '' }, "'When / Date reported' is required"],
      [{ ...valid(), occurredDate: undefined }, "'When / Date occurred' is required"],
      [{ ...valid(), occurredDate: '' }, "'When / Date occurred' is required"],
      [{ ...valid(), reportedDate: 'yesterday' }, 'Invalid date'],
      [{ ...valid(), summary: 'x'.repeat(10_001) }, 'Summary must be at most 10000 characters.'],
    ];
    for (const [payload, message] of cases) {
      const response = await submit(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
  });

  it('refuses dates in the future, and an occurred date after the reported one unless uncertain', async () => {
    const future = new Date(Date.now() + 24 * HOUR).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), reportedDate: future }, INCIDENT_MESSAGES.reportedInFuture],
      [{ ...valid(), occurredDate: future }, INCIDENT_MESSAGES.occurredInFuture],
      [{ ...valid(), occurredDate: future, occurredDateUncertain: true }, INCIDENT_MESSAGES.occurredInFuture],
      [{ ...valid(), reportedDate: ago(2 * HOUR), occurredDate: ago(HOUR) }, INCIDENT_MESSAGES.occurredAfterReported],
    ];
    for (const [payload, message] of cases) {
      const response = await submit(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    const uncertain = await submit({
      ...valid(),
      reportedDate: ago(2 * HOUR),
      occurredDate: ago(HOUR),
      occurredDateUncertain: true,
    });
    expect(uncertain.statusCode).toBe(200);
  });

  it("refuses another company's class, a lookup that is not a class and an unknown id", async () => {
    const other = await t.createCompany();
    for (const lastClassId of [
      await lookupOf(other.accountId, 'incidentClass'),
      await lookupOf(company.accountId, 'severityType'),
      await lookupOf(company.accountId, 'location'),
      randomUUID(),
    ]) {
      const response = await submit({ ...valid(), lastClassId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'The selected incident class does not exist.',
      });
    }
  });

  it('answers 403 to a user without MYINCIDENT_ADD', async () => {
    const user = await t.createUser(company.accountId, {
      privileges: STAFF_PRIVILEGES.filter((code) => code !== 'MYINCIDENT_ADD'),
    });
    const response = await submit(valid(), await t.signIn(user));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
  });

  it("answers 403 ACCOUNT_DISABLED 'Account is disabled.' for a disabled company, without using a number", async () => {
    const disabled = await t.createCompany({ active: false });
    const headers = await t.signIn(disabled.staff);
    const lastClassId = await lookupOf(disabled.accountId, 'incidentClass');
    const response = await submit({ ...valid(), lastClassId }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: 'Account is disabled.' });
    const [account] = await t.database.system((tx) =>
      tx.select().from(accounts).where(eq(accounts.id, disabled.accountId)),
    );
    expect(account?.incidentSeq).toBe(0);
    const rows = await t.database.system((tx) =>
      tx.select().from(incidents).where(eq(incidents.accountId, disabled.accountId)),
    );
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/incidents', payload: valid() });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/incidents/my', () => {
  let user: Awaited<ReturnType<TestContext['createUser']>>;
  let userHeaders: Record<string, string>;
  let adminHeaders: Record<string, string>;
  const my = async (headers: Record<string, string>) => {
    const response = await t.inject({ method: 'GET', url: '/api/incidents/my?psz=100', headers });
    expect(response.statusCode).toBe(200);
    return response.json<Page<IncidentRow>>().items;
  };

  beforeAll(async () => {
    user = await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES });
    userHeaders = await t.signIn(user);
    adminHeaders = await t.signIn(company.admin);
  });

  it('lists the incidents the user entered, newest first, with the creator name', async () => {
    const older = (await submit({ ...valid(), summary: 'Older' }, userHeaders)).json<{ id: string }>();
    const newer = (await submit({ ...valid(), summary: 'Newer' }, userHeaders)).json<{ id: string }>();
    const rows = await my(userHeaders);
    expect(rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(rows[0]).toMatchObject({
      status: 1,
      locked: false,
      summaryText: 'Newer',
      lastClassId: classId,
      createUserId: user.id,
      createUserName: expect.stringMatching(/^Test User /),
      assignedUserId: null,
      assignedUserName: null,
      occurredDateUncertain: false,
    });
    const staffRows = await my(staffHeaders);
    expect(staffRows.map((row) => row.id)).not.toContain(newer.id);
  });

  it('also lists incidents assigned to the user, with the investigator name', async () => {
    const { id } = (await submit(valid())).json<{ id: string }>();
    await t.database.system((tx) => tx.update(incidents).set({ assignedUserId: user.id }).where(eq(incidents.id, id)));
    const row = (await my(userHeaders)).find((r) => r.id === id);
    expect(row).toMatchObject({
      createUserId: company.staff.id,
      assignedUserId: user.id,
      assignedUserName: expect.stringMatching(/^Test User /),
    });
  });

  it('hides locked incidents from users without INCIDENT_LOCK and shows them to admins and lock holders', async () => {
    const { id } = (await submit(valid(), userHeaders)).json<{ id: string }>();
    const locker = await t.createUser(company.accountId, { privileges: ['INCIDENT_LOCK', 'MYINCIDENT_SEARCH'] });
    await t.database.system((tx) =>
      tx.update(incidents).set({ locked: true, assignedUserId: company.admin.id }).where(eq(incidents.id, id)),
    );
    expect((await my(userHeaders)).map((row) => row.id)).not.toContain(id);
    expect((await my(adminHeaders)).find((row) => row.id === id)).toMatchObject({ locked: true });
    await t.database.system((tx) =>
      tx.update(incidents).set({ assignedUserId: locker.id }).where(eq(incidents.id, id)),
    );
    expect((await my(await t.signIn(locker))).find((row) => row.id === id)).toMatchObject({ locked: true });
  });
});

describe('GET /api/incidents/my paging and counts', () => {
  let pager: TestUser;
  let headers: Record<string, string>;
  /** The pager's incidents, newest first: 12 entered (4 of them closed), 1 assigned to them. */
  const numbers: number[] = [];
  const page = async (query: string, h = headers) => {
    const response = await t.inject({ method: 'GET', url: `/api/incidents/my${query}`, headers: h });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<IncidentRow>>();
  };
  const counts = async (h = headers) => {
    const response = await t.inject({ method: 'GET', url: '/api/incidents/my/counts', headers: h });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    pager = await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES });
    headers = await t.signIn(pager);
    for (let i = 0; i < 12; i++) {
      const { id, number } = (await submit(valid(), headers)).json<{ id: string; number: number }>();
      if (i % 3 === 0) {
        await t.database.system((tx) => tx.update(incidents).set({ status: 2 }).where(eq(incidents.id, id)));
      }
      numbers.unshift(number);
    }
    const assigned = (await submit(valid())).json<{ id: string; number: number }>();
    await t.database.system((tx) =>
      tx.update(incidents).set({ assignedUserId: pager.id }).where(eq(incidents.id, assigned.id)),
    );
    numbers.unshift(assigned.number);
  });

  it('answers the first 10 newest by default, with the total of the whole list', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total: 13, page: 0, pageSize: 10 });
    expect(first.items.map((row) => row.number)).toEqual(numbers.slice(0, 10));
  });

  it('answers page p of psz rows; a page past the end is empty with the total', async () => {
    const second = await page('?p=1&psz=5');
    expect(second).toMatchObject({ total: 13, page: 1, pageSize: 5 });
    expect(second.items.map((row) => row.number)).toEqual(numbers.slice(5, 10));
    const last = await page('?p=2&psz=5');
    expect(last.items.map((row) => row.number)).toEqual(numbers.slice(10));
    expect(await page('?p=3&psz=5')).toEqual({ items: [], total: 13, page: 3, pageSize: 5 });
  });

  it('filters by status 1 (open) and 2 (closed), the total too; the counts agree', async () => {
    const open = await page('?status=1&psz=100');
    const closed = await page('?status=2&psz=100');
    expect(open.total).toBe(9);
    expect(closed.total).toBe(4);
    expect(open.items.every((row) => row.status === 1)).toBe(true);
    expect(closed.items.every((row) => row.status === 2)).toBe(true);
    expect([...open.items, ...closed.items].map((row) => row.number).sort((a, b) => b - a)).toEqual(numbers);
    expect(await counts()).toEqual({ open: 9, closed: 4 });
  });

  it('counts an incident entered by the user and assigned to them once', async () => {
    const user = await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES });
    const h = await t.signIn(user);
    const { id } = (await submit(valid(), h)).json<{ id: string }>();
    await t.database.system((tx) => tx.update(incidents).set({ assignedUserId: user.id }).where(eq(incidents.id, id)));
    expect(await counts(h)).toEqual({ open: 1, closed: 0 });
    expect((await page('', h)).total).toBe(1);
  });

  it('leaves out and does not count locked incidents for users without INCIDENT_LOCK', async () => {
    const user = await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES });
    const h = await t.signIn(user);
    const { id } = (await submit(valid(), h)).json<{ id: string }>();
    await t.database.system((tx) => tx.update(incidents).set({ status: 2, locked: true }).where(eq(incidents.id, id)));
    expect(await counts(h)).toEqual({ open: 0, closed: 0 });
    expect(await page('?status=2', h)).toMatchObject({ items: [], total: 0 });
  });

  it("counts nothing of another company's incidents, nor of a user without a privilege that shows incidents", async () => {
    const other = await t.createCompany();
    const h = await t.signIn(other.staff);
    expect(await counts(h)).toEqual({ open: 0, closed: 0 });
    expect(await page('', h)).toEqual({ items: [], total: 0, page: 0, pageSize: 10 });
    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['MYINCIDENT_ADD'] })
        .where(eq(workgroups.id, pager.workgroupId)),
    );
    try {
      expect(await counts()).toEqual({ open: 0, closed: 0 });
      expect((await page('')).total).toBe(0);
    } finally {
      await t.database.system((tx) =>
        tx
          .update(workgroups)
          .set({ privileges: [...STAFF_PRIVILEGES] })
          .where(eq(workgroups.id, pager.workgroupId)),
      );
    }
  });

  it('answers 400 with a clear message to a bad p, psz or status', async () => {
    const cases: [string, string][] = [
      ['?p=-1', 'p must be a page number from 0'],
      ['?p=x', 'p must be a page number from 0'],
      ['?psz=0', 'psz must be a page size from 1 to 100'],
      ['?psz=1000', 'psz must be a page size from 1 to 100'],
      ['?status=0', 'status must be 1 (open) or 2 (closed)'],
      ['?status=open', 'status must be 1 (open) or 2 (closed)'],
    ];
    for (const [query, message] of cases) {
      const response = await t.inject({ method: 'GET', url: `/api/incidents/my${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ code: 'BAD_REQUEST', message });
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/incidents/my', '/api/incidents/my/counts']) {
      expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
