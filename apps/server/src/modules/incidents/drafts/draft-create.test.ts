import { randomUUID } from 'node:crypto';
import { type Draft, emptyIncidentFields, STAFF_PRIVILEGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../../test/test-app';
import { draftIncidents, incidents, users } from '../../../db/schema/index';
import { accountFolder } from '../../../platform/storage';
import { INCIDENT_REFUSALS } from '../incident.policy';

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let staffHeaders: Record<string, string>;

const createDraft = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload });

async function nameOf(user: TestUser) {
  const [row] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, user.id)));
  return `${row?.firstName} ${row?.lastName}`;
}

async function submitIncident(headers: Record<string, string>, r = refs) {
  const response = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: incidentForm(r) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; number: number }>();
}

const setIncident = (id: string, values: Partial<typeof incidents.$inferInsert>) =>
  t.database.system((tx) => tx.update(incidents).set(values).where(eq(incidents.id, id)));

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Draft Co', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, company.accountId);
  staffHeaders = await t.signIn(company.staff);
});
afterAll(() => t.close());

describe('POST /api/draftIncidents without an incident', () => {
  it('creates an empty draft (status 0) entered by the user, listed among their drafts', async () => {
    const response = await createDraft(staffHeaders);
    expect(response.statusCode).toBe(200);
    const draft = response.json<Draft>();
    expect(draft).toEqual({
      id: expect.any(String),
      status: 0,
      incidentId: null,
      number: null,
      creationDate: expect.any(String),
      lastUpdateDate: expect.any(String),
      createUserName: await nameOf(company.staff),
      data: emptyIncidentFields(),
      pictureUrls: {},
      stored: true,
      baseVersion: null,
      changedSince: null,
    });
    expect(draft.data.location.countryCode).toBe('CA');
    const list = await t.inject({ method: 'GET', url: '/api/draftIncidents?status=0', headers: staffHeaders });
    expect(list.json<{ items: { id: string }[] }>().items.map((row) => row.id)).toContain(draft.id);
  });

  it('answers 403 to a user who may edit but not add incidents', async () => {
    const editor = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT'] });
    const response = await createDraft(await t.signIn(editor));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
  });

  it("answers 403 ACCOUNT_DISABLED 'Account is disabled.' in a disabled company, and creates nothing", async () => {
    const disabled = await t.createCompany({ active: false });
    const response = await createDraft(await t.signIn(disabled.staff));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: 'Account is disabled.' });
    const rows = await t.database.system((tx) =>
      tx.select().from(draftIncidents).where(eq(draftIncidents.accountId, disabled.accountId)),
    );
    expect(rows).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/draftIncidents', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/draftIncidents with an incident (open-draft)', () => {
  it('loads the saved incident into a status-3 draft of the user, and answers the same draft again', async () => {
    const incident = await submitIncident(staffHeaders);
    const response = await createDraft(staffHeaders, { incidentId: incident.id });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<Draft>();
    expect(draft).toMatchObject({
      status: 3,
      incidentId: incident.id,
      number: incident.number,
      createUserName: await nameOf(company.staff),
    });
    expect(draft.data.lastClassId).toBe(refs.incidentClass);
    expect(draft.data.persons).toHaveLength(1);
    expect(draft.data.persons[0]?.personId).toEqual(expect.any(String));
    // Opening stores nothing (no 'Editing' draft is left behind); the first save stores the copy.
    expect(draft).toMatchObject({ stored: false, baseVersion: 1, changedSince: null });
    const listed = () => t.inject({ method: 'GET', url: '/api/draftIncidents?status=3', headers: staffHeaders });
    expect((await listed()).json()).toMatchObject({ items: [], total: 0 });
    const again = await createDraft(staffHeaders, { incidentId: incident.id });
    expect(again.json<Draft>().id).toBe(draft.id);
    const copyOf = { incidentId: incident.id, baseVersion: draft.baseVersion };
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers: staffHeaders,
      payload: { id: draft.id, data: draft.data, ...copyOf },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listed()).json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ id: draft.id, number: incident.number, lastClassId: refs.incidentClass, status: 3 }),
    ]);
    const stored = await createDraft(staffHeaders, { incidentId: incident.id });
    expect(stored.json<Draft>()).toMatchObject({ id: draft.id, stored: true, baseVersion: 1, changedSince: null });
  });

  it("gives another editor their own open-draft, entered by the incident's creator", async () => {
    const incident = await submitIncident(staffHeaders);
    const mine = (await createDraft(staffHeaders, { incidentId: incident.id })).json<Draft>();
    const response = await createDraft(await t.signIn(company.admin), { incidentId: incident.id });
    expect(response.statusCode).toBe(200);
    const theirs = response.json<Draft>();
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.createUserName).toBe(await nameOf(company.staff));
  });

  it('answers 404 to whoever may not see the incident, 403 to whoever sees it but may not edit, lets ALLINCIDENT_EDIT in', async () => {
    const incident = await submitIncident(staffHeaders);
    const missing = await createDraft(staffHeaders, { incidentId: randomUUID() });
    for (const privileges of [STAFF_PRIVILEGES, ['MYINCIDENT_ADD'] as const]) {
      const user = await t.createUser(company.accountId, { privileges: [...privileges] });
      const hidden = await createDraft(await t.signIn(user), { incidentId: incident.id });
      expect([hidden.statusCode, hidden.json()], privileges.join()).toEqual([missing.statusCode, missing.json()]);
    }
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
    const reader = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_EDIT', 'ALLINCIDENT_SEARCH'] });
    const refused = await createDraft(await t.signIn(reader), { incidentId: incident.id });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { code: 'FORBIDDEN', message: INCIDENT_REFUSALS.edit.forbidden },
    ]);
    const all = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_EDIT'] });
    expect((await createDraft(await t.signIn(all), { incidentId: incident.id })).statusCode).toBe(200);
  });

  it("answers 400 'Cannot edit closed incident' for a closed incident", async () => {
    const incident = await submitIncident(staffHeaders);
    await setIncident(incident.id, { status: 2 });
    const response = await createDraft(staffHeaders, { incidentId: incident.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Cannot edit closed incident' });
  });

  it('answers 404 for a locked incident without INCIDENT_LOCK, and opens it with INCIDENT_LOCK', async () => {
    const incident = await submitIncident(staffHeaders);
    await setIncident(incident.id, { locked: true });
    const hidden = await createDraft(staffHeaders, { incidentId: incident.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ code: string }>().code).toBe('NOT_FOUND');
    const locker = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_EDIT', 'INCIDENT_LOCK'] });
    expect((await createDraft(await t.signIn(locker), { incidentId: incident.id })).statusCode).toBe(200);
  });

  it("answers 404 for another company's incident and an unknown id, 400 for a malformed id", async () => {
    const other = await t.createCompany();
    const theirs = await submitIncident(await t.signIn(other.staff), await companyRefs(t.database, other.accountId));
    for (const incidentId of [theirs.id, randomUUID()]) {
      const response = await createDraft(await t.signIn(company.admin), { incidentId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
    }
    const malformed = await createDraft(staffHeaders, { incidentId: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
    const drafts = await t.database.system((tx) =>
      tx.select().from(draftIncidents).where(eq(draftIncidents.incidentId, theirs.id)),
    );
    expect(drafts).toEqual([]);
  });
});

describe('person pictures of a draft', () => {
  it('answers signed URLs for the company’s own pictures and drops a foreign picture key on save', async () => {
    const headers = await t.signIn(company.staff);
    const draft = (await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} })).json<Draft>();
    const own = `${accountFolder(company.accountId)}/pictures/abc.jpg`;
    const foreign = `${accountFolder(randomUUID())}/pictures/def.jpg`;
    const persons = [own, foreign].map((personPicture) => ({ id: randomUUID(), firstName: 'Pat', personPicture }));
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers,
      payload: { id: draft.id, data: { ...draft.data, persons } },
    });
    expect(saved.statusCode).toBe(200);
    const read = (await t.inject({ method: 'GET', url: `/api/draftIncidents/${draft.id}`, headers })).json<Draft>();
    expect(read.data.persons.map((p) => p.personPicture)).toEqual([own, null]);
    expect(Object.keys(read.pictureUrls)).toEqual([own]);
    expect(read.pictureUrls[own]).toMatch(/^\/api\/files\/.+\/pictures\/abc\.jpg\?a=/);
  });
});
