import { randomUUID } from 'node:crypto';
import { STAFF_PRIVILEGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF } from '../../../test/file-fixtures';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { storeWorkingCopy, submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { form } from '../../../test/uploads';
import { incidentHistory, incidents } from '../../db/schema/index';

/**
 * incident.policy on every route that touches an incident: an incident the user may not see
 * (someone else's for the own-incident privileges, locked without INCIDENT_LOCK, another
 * company's) answers exactly what a missing id answers, whatever the route does with it.
 */

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
/** Staff with every privilege a route below asks for, but seeing only their own unlocked incidents. */
let staff: Record<string, string>;
/** Holds INCIDENT_LOCK (so locked incidents are no obstacle) but sees only their own incidents. */
let locker: Record<string, string>;
const hidden: Record<string, { id: string; number: number }> = {};

type Call = (id: string, number: number) => ReturnType<TestContext['inject']>;

const setIncident = (id: string, values: Partial<typeof incidents.$inferInsert>) =>
  t.database.system((tx) => tx.update(incidents).set(values).where(eq(incidents.id, id)));

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Policy A', concurrentUserCount: 20 });
  b = await t.createCompany({ name: 'Policy B' });
  refs = await companyRefs(t.database, a.accountId);
  const admin = await t.signIn(a.admin);
  staff = await t.signIn(
    await t.createUser(a.accountId, {
      privileges: [...STAFF_PRIVILEGES, 'OPEN_CLOSED_INCIDENT', 'INCIDENT_DELETE', 'PRIVACY_INFO_VIEW'],
    }),
  );
  locker = await t.signIn(await t.createUser(a.accountId, { privileges: ['MYINCIDENT_SEARCH', 'INCIDENT_LOCK'] }));

  hidden.othersOpen = await submitIncident(t, admin, refs);
  hidden.othersClosed = await submitIncident(t, admin, refs);
  await setIncident(hidden.othersClosed.id, { status: 2 });
  // The staff user's own incident, locked: hidden from them without INCIDENT_LOCK.
  hidden.ownLocked = await submitIncident(t, staff, refs);
  await setIncident(hidden.ownLocked.id, { status: 2, locked: true });
  const bRefs = await companyRefs(t.database, b.accountId);
  hidden.otherCompany = await submitIncident(t, await t.signIn(b.admin), bRefs);
});
afterAll(() => t.close());

const get = (path: string) => (id: string) =>
  t.inject({ method: 'GET', url: `/api/incidents/${id}${path}`, headers: staff });
const post = (path: string, payload?: Record<string, unknown>) => (id: string) =>
  t.inject({ method: 'POST', url: `/api/incidents/${path}${id}`, headers: staff, ...(payload ? { payload } : {}) });

const CALLS: Record<string, Call> = {
  'GET /incidents/{id}': get(''),
  'GET /incidents/{id}/parts': get('/parts'),
  'GET /incidents/{id}/persons': get('/persons'),
  'GET /incidents/{id}/companies': get('/companies'),
  'GET /incidents/{id}/vehicles': get('/vehicles'),
  'GET /incidents/{id}/items': get('/items'),
  'GET /incidents/{id}/correctiveActions': get('/correctiveActions'),
  'GET /incidents/{id}/attachments': get('/attachments'),
  'GET /incidents/{id}/history': get('/history'),
  'GET /incidents/{id}/print': get('/print'),
  'POST /incidents/audits/read': (id, number) =>
    t.inject({ method: 'POST', url: '/api/incidents/audits/read', headers: staff, payload: { id, number } }),
  'PUT /incidents': (id) =>
    t.inject({ method: 'PUT', url: '/api/incidents', headers: staff, payload: { ...incidentForm(refs), id } }),
  'POST /incidents/close/{id}': post('close/', { closedBy: 'USER' }),
  'POST /incidents/open/{id}': post('open/'),
  'DELETE /incidents/{id}': (id) => t.inject({ method: 'DELETE', url: `/api/incidents/${id}`, headers: staff }),
  'POST /incidents/lock/{id}': (id) => t.inject({ method: 'POST', url: `/api/incidents/lock/${id}`, headers: locker }),
  'POST /incidents/unlock/{id}': (id) =>
    t.inject({ method: 'POST', url: `/api/incidents/unlock/${id}`, headers: locker }),
  'POST /incidents/attachments': (id) =>
    t.inject({
      method: 'POST',
      url: '/api/incidents/attachments',
      headers: staff,
      payload: form({ incidentId: id, name: 'Attachment 1' }, { data: PDF, name: 'a.pdf' }),
    }),
  'POST /incidents/persons/picture/{id}': (id) =>
    t.inject({
      method: 'POST',
      url: `/api/incidents/persons/picture/${randomUUID()}`,
      headers: staff,
      payload: form({ incidentId: id }, { data: PDF, name: 'p.png' }),
    }),
  'POST /draftIncidents (open-draft)': (id) =>
    t.inject({ method: 'POST', url: '/api/draftIncidents', headers: staff, payload: { incidentId: id } }),
};

describe('an incident the user may not see', () => {
  it.each(Object.keys(CALLS))('%s answers exactly like a missing id, and changes nothing', async (name) => {
    const call = CALLS[name] as Call;
    const missing = await call(randomUUID(), 999_999);
    expect(missing.statusCode, missing.body).toBe(404);
    for (const [which, incident] of Object.entries(hidden)) {
      const before = await t.database.system((tx) => tx.select().from(incidents).where(eq(incidents.id, incident.id)));
      const response = await call(incident.id, incident.number);
      expect([response.statusCode, response.json()], which).toEqual([missing.statusCode, missing.json()]);
      const after = await t.database.system((tx) => tx.select().from(incidents).where(eq(incidents.id, incident.id)));
      expect(after, which).toEqual(before);
    }
  });

  it('keeps its history entries hidden like missing ones', async () => {
    const missing = await t.inject({
      method: 'GET',
      url: `/api/incidents/historyItem/${randomUUID()}`,
      headers: staff,
    });
    for (const incident of Object.values(hidden)) {
      const [entry] = await t.database.system((tx) =>
        tx.select().from(incidentHistory).where(eq(incidentHistory.incidentId, incident.id)),
      );
      for (const path of ['historyItem', 'historyItemForCompare']) {
        const response = await t.inject({ method: 'GET', url: `/api/incidents/${path}/${entry?.id}`, headers: staff });
        expect([response.statusCode, response.json()]).toEqual([404, missing.json()]);
      }
    }
  });

  it('shows the same user their own open incident on the same routes (the refusals above are the policy)', async () => {
    const own = await submitIncident(t, staff, refs);
    for (const name of ['GET /incidents/{id}', 'GET /incidents/{id}/history', 'GET /incidents/{id}/print']) {
      const response = await (CALLS[name] as Call)(own.id, own.number);
      expect(response.statusCode, name).toBe(200);
    }
    const draft = await CALLS['POST /draftIncidents (open-draft)']?.(own.id, own.number);
    expect(draft?.statusCode).toBe(200);
  });

  it('takes back the working copy of an incident the user can no longer see, like another user’s draft', async () => {
    const editor = await t.signIn(await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_EDIT'] }));
    const incident = await submitIncident(t, await t.signIn(a.admin), refs);
    const { id: draftId } = await storeWorkingCopy(t, editor, incident.id);
    const read = (id: string, path = '') =>
      t.inject({ method: 'GET', url: `/api/draftIncidents/${id}${path}`, headers: editor });
    expect((await read(draftId)).statusCode).toBe(200);
    await setIncident(incident.id, { locked: true });
    for (const path of ['', '/attachments']) {
      const missing = await read(randomUUID(), path);
      const response = await read(draftId, path);
      expect([response.statusCode, response.json()], path).toEqual([404, missing.json()]);
    }
    const uploadTo = (id: string) =>
      t.inject({
        method: 'POST',
        url: '/api/incidents/attachments',
        headers: editor,
        payload: form({ incidentId: id, name: 'Attachment 1' }, { data: PDF, name: 'a.pdf' }),
      });
    const missing = await uploadTo(randomUUID());
    const refused = await uploadTo(draftId);
    expect([refused.statusCode, refused.json()]).toEqual([404, missing.json()]);
    await setIncident(incident.id, { locked: false });
    expect((await read(draftId)).statusCode).toBe(200);
    expect((await uploadTo(draftId)).statusCode).toBe(200);
  });
});
