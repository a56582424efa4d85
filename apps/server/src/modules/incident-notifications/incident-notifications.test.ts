import { randomUUID } from 'node:crypto';
import { type IncidentNotification, INCIDENT_NOTIFICATION_MESSAGES as M } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classIdOf, ruleBody } from '../../../test/fixtures/notification-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let adminB: Record<string, string>;
let theft: string;
let safety: string;
let theftOfB: string;

const url = '/api/incidentNotifications';
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  headers?: Record<string, string>,
  payload?: unknown,
  path = url,
) =>
  t.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload: payload as object } : {}) });

async function createRule(payload: unknown, headers = admin): Promise<IncidentNotification> {
  const response = await call('POST', headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IncidentNotification>();
}

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Notify A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Notify B', concurrentUserCount: 100 });
  admin = await t.signIn(a.admin);
  adminB = await t.signIn(b.admin);
  theft = await classIdOf(t, a.accountId, ['Security', 'Theft']);
  safety = await classIdOf(t, a.accountId, ['Safety']);
  theftOfB = await classIdOf(t, b.accountId, ['Security', 'Theft']);
});
afterAll(() => t.close());

describe('incident notification rules', () => {
  it('adds, lists, replaces and deletes a rule of the company', async () => {
    const created = await createRule({
      id: 'client-made',
      name: '  Theft alert ',
      recipientEmails: [' guard@test.example', 'Boss@Test.example', 'boss@test.example'],
      lookupClasses: [
        { classLookupId: theft, eventTypeList: 'CLOSE, CREATE' },
        { classLookupId: safety, eventTypeList: 'EDIT' },
      ],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Theft alert',
      recipientEmails: ['guard@test.example', 'boss@test.example'],
      bannedSubjectAlerts: false,
      lookupClasses: [
        { classLookupId: theft, className: 'Security / Theft', eventTypeList: 'CREATE,CLOSE' },
        { classLookupId: safety, className: 'Safety', eventTypeList: 'EDIT' },
      ],
    });
    const listed = await call('GET', admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(created);

    const replaced = await call('PUT', admin, {
      id: created.id,
      name: 'Safety alert',
      recipientEmails: ['safety@test.example'],
      bannedSubjectAlerts: true,
      lookupClasses: [{ classLookupId: safety, eventTypeList: 'CREATE,EDIT,CLOSE' }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({
      id: created.id,
      name: 'Safety alert',
      recipientEmails: ['safety@test.example'],
      bannedSubjectAlerts: true,
      lookupClasses: [{ classLookupId: safety, className: 'Safety', eventTypeList: 'CREATE,EDIT,CLOSE' }],
    });

    expect((await call('DELETE', admin, undefined, `${url}/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', admin)).json<IncidentNotification[]>().map((rule) => rule.id)).not.toContain(created.id);
    expect((await call('DELETE', admin, undefined, `${url}/${created.id}`)).statusCode).toBe(404);
  });

  it('needs a session (401) and INCIDENT_NOTIFICATION (403) for every call', async () => {
    const rule = await createRule(ruleBody(theft));
    const calls = [
      () => ['GET', undefined, url] as const,
      () => ['POST', ruleBody(theft), url] as const,
      () => ['PUT', { ...ruleBody(theft), id: rule.id }, url] as const,
      () => ['DELETE', undefined, `${url}/${rule.id}`] as const,
    ];
    const staff = await t.signIn(a.staff);
    const others = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['AUDIT_VIEW', 'LOOKUP_ADD', 'USER_ADD', 'ACCOUNT_ADMIN'] }),
    );
    const holder = await t.signIn(await t.createUser(a.accountId, { privileges: ['INCIDENT_NOTIFICATION'] }));
    for (const make of calls) {
      const [method, payload, path] = make();
      expect((await call(method, undefined, payload, path)).statusCode, `${method} without session`).toBe(401);
      for (const headers of [staff, others]) {
        const response = await call(method, headers, payload, path);
        expect(response.statusCode, `${method} without the privilege`).toBe(403);
      }
    }
    // The privilege alone is enough.
    expect((await call('GET', holder)).statusCode).toBe(200);
    const put = await call('PUT', holder, { ...ruleBody(theft), id: rule.id, name: 'By holder' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('DELETE', holder, undefined, `${url}/${rule.id}`)).statusCode).toBe(204);
  });

  it("never shows or changes another company's rule (404) and refuses another company's class", async () => {
    const mine = await createRule(ruleBody(theft, { name: 'Only for A' }));
    expect((await call('GET', adminB)).json<IncidentNotification[]>().map((rule) => rule.id)).not.toContain(mine.id);
    const put = await call('PUT', adminB, { ...ruleBody(theftOfB), id: mine.id });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ code: 'NOT_FOUND', message: 'Email notification not found.' });
    expect((await call('DELETE', adminB, undefined, `${url}/${mine.id}`)).statusCode).toBe(404);
    expect((await call('PUT', admin, { ...ruleBody(theft), id: randomUUID() })).statusCode).toBe(404);

    // A class of company B, a class that does not exist and a lookup of another type are refused.
    const location = (await t.database.system((tx) =>
      tx.execute(`select id from lookups where account_id = '${a.accountId}' and type = 'location' limit 1`),
    )) as unknown as { rows: { id: string }[] };
    for (const classLookupId of [theftOfB, randomUUID(), location.rows[0]?.id]) {
      const response = await call('POST', admin, ruleBody(classLookupId ?? ''));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: M.classNotFound });
      const update = await call('PUT', admin, { ...ruleBody(classLookupId ?? ''), id: mine.id });
      expect(update.statusCode).toBe(400);
    }
    // Nothing of A's rule changed through the refused calls.
    expect((await call('GET', admin)).json()).toContainEqual(mine);
  });

  it('answers each validation text of spec 3 §5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, M.nameRequired],
      [{ name: '   ' }, M.nameRequired],
      [{ name: undefined }, M.nameRequired],
      [{ name: 'x'.repeat(101) }, M.nameTooLong],
      [{ recipientEmails: [] }, M.recipientsMin],
      [{ recipientEmails: ['guard@test.example', 'not an email'] }, M.recipientInvalid],
      [{ recipientEmails: undefined }, M.recipientsRequired],
      [{ recipientEmails: null }, M.recipientsRequired],
      [{ lookupClasses: [] }, M.classesMin],
      [{ lookupClasses: [{ classLookupId: '', eventTypeList: 'CREATE' }] }, M.classRequired],
      [{ lookupClasses: [{ classLookupId: 'x'.repeat(36), eventTypeList: 'CREATE' }] }, M.classRequired],
      [{ lookupClasses: [{ classLookupId: theft, eventTypeList: '' }] }, M.eventTypesMin],
      [{ lookupClasses: [{ classLookupId: theft, eventTypeList: ' , ' }] }, M.eventTypesMin],
      [{ lookupClasses: [{ classLookupId: theft, eventTypeList: 'CREATE,DELETE' }] }, M.eventTypeUnknown],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', admin, ruleBody(theft, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toEqual({ code: 'BAD_REQUEST', message });
    }
    // Banned-subject alerts (issue 31 §5) are an event of their own: such a rule needs no class row.
    const alone = await call('POST', admin, ruleBody(theft, { lookupClasses: [], bannedSubjectAlerts: true }));
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toMatchObject({ bannedSubjectAlerts: true, lookupClasses: [] });
    const rule = await createRule(ruleBody(theft));
    const put = await call('PUT', admin, { ...ruleBody(theft, { recipientEmails: [] }), id: rule.id });
    expect(put.json()).toEqual({ code: 'BAD_REQUEST', message: M.recipientsMin });
    expect((await call('PUT', admin, ruleBody(theft))).statusCode).toBe(400);
    expect((await call('DELETE', admin, undefined, `${url}/not-an-id`)).statusCode).toBe(400);
  });

  it('keeps a company to 100 rules', async () => {
    const c = await t.createCompany({ name: 'Notify C' });
    const headers = await t.signIn(c.admin);
    const cls = await classIdOf(t, c.accountId, ['Safety']);
    for (let i = 0; i < 100; i++) await createRule(ruleBody(cls, { name: `Rule ${i}` }), headers);
    const refused = await call('POST', headers, ruleBody(cls));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'BAD_REQUEST', message: M.tooMany });
    expect((await call('GET', headers)).json()).toHaveLength(100);
  });

  it('drops the class rows of a deleted class', async () => {
    const c = await t.createCompany({ name: 'Notify D' });
    const headers = await t.signIn(c.admin);
    const walkOut = await classIdOf(t, c.accountId, ['Security', 'Theft', 'Shoplifting', 'Walk-out']);
    const fire = await classIdOf(t, c.accountId, ['Safety', 'Fire']);
    const rule = await createRule(
      ruleBody(walkOut, {
        lookupClasses: [
          { classLookupId: walkOut, eventTypeList: 'CREATE' },
          { classLookupId: fire, eventTypeList: 'EDIT' },
        ],
      }),
      headers,
    );
    await t.database.system((tx) => tx.execute(`delete from lookups where id = '${walkOut}'`));
    const [after] = (await call('GET', headers)).json<IncidentNotification[]>();
    expect(after).toEqual({
      ...rule,
      lookupClasses: [{ classLookupId: fire, className: 'Safety / Fire', eventTypeList: 'EDIT' }],
    });
  });
});
