import { randomUUID } from 'node:crypto';
import { type Draft, type Privilege, STAFF_PRIVILEGES } from '@blotter/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, incidentForm, personCard } from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries, draftIncidents, incidentHistory, incidentPersons, incidents } from '../../db/schema/index';
import type { IncidentSnapshot } from './changes/record-incident-change';
import { INCIDENT_REFUSALS } from './incident.policy';

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let headers: Record<string, string>;

const put = (payload: unknown, h = headers) =>
  t.inject({ method: 'PUT', url: '/api/incidents', headers: h, payload: payload as Record<string, unknown> });

/** An incident submitted by the staff user, with the open-draft of the given user. */
async function openIncident(h = headers) {
  const form = incidentForm(refs, { persons: 2 });
  const created = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: form });
  expect(created.statusCode, created.body).toBe(200);
  const { id, number } = created.json<{ id: string; number: number }>();
  const opened = await t.inject({
    method: 'POST',
    url: '/api/draftIncidents',
    headers: h,
    payload: { incidentId: id },
  });
  return { id, number, draft: opened.json<Draft>() };
}

async function userWith(privileges: readonly Privilege[]) {
  return t.signIn(await t.createUser(company.accountId, { privileges }));
}

const incidentRow = async (id: string) =>
  (await t.database.system((tx) => tx.select().from(incidents).where(eq(incidents.id, id))))[0];

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Update Co', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, company.accountId);
  headers = await t.signIn(company.staff);
});
afterAll(() => t.close());

describe('PUT /api/incidents', () => {
  it('replaces the parts and columns, removes the open-draft and records EDIT in history and audit', async () => {
    const { id, number, draft } = await openIncident();
    const created = await incidentRow(id);
    const added = personCard(refs, 7);
    const data = {
      ...draft.data,
      summary: '<p>Second <b>look</b><script>x()</script></p>',
      persons: [added, ...draft.data.persons.slice(0, 1)],
      vehicles: [],
      items: [],
      correctiveActions: [],
    };
    const response = await put({ ...data, id, draftId: draft.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id, number });
    const after = await t.database.system(async (tx) => ({
      incident: (await tx.select().from(incidents).where(eq(incidents.id, id)))[0],
      persons: await tx
        .select()
        .from(incidentPersons)
        .where(eq(incidentPersons.incidentId, id))
        .orderBy(asc(incidentPersons.position)),
      drafts: await tx.select().from(draftIncidents).where(eq(draftIncidents.id, draft.id)),
      history: await tx.select().from(incidentHistory).where(eq(incidentHistory.incidentId, id)),
      audit: await tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, id), eq(auditEntries.transactionType, 'EDIT'))),
    }));
    expect(after.incident).toMatchObject({
      summary: '<p>Second <b>look</b></p>',
      summaryText: 'Second look',
      status: 1,
    });
    expect(after.incident?.updatedAt.getTime()).toBeGreaterThan(created?.updatedAt.getTime() ?? 0);
    expect(after.persons.map((p) => [p.position, p.id])).toEqual([
      [0, added.id],
      [1, draft.data.persons[0]?.id],
    ]);
    expect(after.drafts).toEqual([]);
    const edit = after.history.find((h) => h.actionType === 'EDIT');
    expect(after.history.map((h) => h.actionType).sort()).toEqual(['CREATE', 'EDIT']);
    const snapshot = edit?.snapshot as IncidentSnapshot;
    expect(snapshot).toMatchObject({ id, number, vehicles: [], items: [], summary: '<p>Second <b>look</b></p>' });
    expect(snapshot.persons.map((p) => p.id)).toEqual([added.id, draft.data.persons[0]?.id]);
    expect(after.audit).toEqual([
      expect.objectContaining({ objectType: 'INCIDENT', objectName: `#${number}`, objectHistoryId: edit?.id }),
    ]);
  });

  it('lets the creator with MYINCIDENT_EDIT and anyone with ALLINCIDENT_EDIT save; 404 to whoever may not see it, 403 to whoever sees it but may not edit', async () => {
    const { id, draft } = await openIncident();
    expect((await put({ ...draft.data, id })).statusCode).toBe(200);
    const all = await userWith(['ALLINCIDENT_EDIT']);
    expect((await put({ ...draft.data, id }, all)).statusCode).toBe(200);
    const before = await incidentRow(id);
    // Staff see only their own incidents: another's answers exactly like a missing id, as GET does.
    const staff = await userWith(STAFF_PRIVILEGES);
    const hidden = await put({ ...draft.data, summary: '<p>hijacked</p>', id }, staff);
    const missing = await put({ ...draft.data, id: randomUUID() }, staff);
    expect([hidden.statusCode, hidden.json()]).toEqual([missing.statusCode, missing.json()]);
    expect(hidden.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
    expect((await t.inject({ method: 'GET', url: `/api/incidents/${id}`, headers: staff })).statusCode).toBe(404);
    // Who sees every incident but may edit only their own is told so.
    const reader = await userWith(['MYINCIDENT_EDIT', 'ALLINCIDENT_SEARCH']);
    const refused = await put({ ...draft.data, summary: '<p>hijacked</p>', id }, reader);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { code: 'FORBIDDEN', message: INCIDENT_REFUSALS.edit.forbidden },
    ]);
    const noEdit = await put({ ...draft.data, id }, await userWith(['MYINCIDENT_ADD', 'ALLINCIDENT_SEARCH']));
    expect(noEdit.statusCode).toBe(403);
    expect((await incidentRow(id))?.updatedAt).toEqual(before?.updatedAt);
  });

  it("answers 400 'Cannot edit closed incident' and 404 for a locked incident without INCIDENT_LOCK", async () => {
    const closed = await openIncident();
    await t.database.system((tx) => tx.update(incidents).set({ status: 2 }).where(eq(incidents.id, closed.id)));
    const refused = await put({ ...closed.draft.data, id: closed.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'BAD_REQUEST', message: 'Cannot edit closed incident' });

    const locked = await openIncident();
    await t.database.system((tx) => tx.update(incidents).set({ locked: true }).where(eq(incidents.id, locked.id)));
    const hidden = await put({ ...locked.draft.data, id: locked.id });
    expect(hidden.statusCode).toBe(404);
    const locker = await userWith(['ALLINCIDENT_EDIT', 'INCIDENT_LOCK']);
    expect((await put({ ...locked.draft.data, id: locked.id }, locker)).statusCode).toBe(200);
  });

  it("answers 404 for another company's incident and an unknown id, and changes nothing", async () => {
    const other = await t.createCompany();
    const otherRefs = await companyRefs(t.database, other.accountId);
    const theirs = await t.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: await t.signIn(other.staff),
      payload: incidentForm(otherRefs),
    });
    const theirId = theirs.json<{ id: string }>().id;
    const before = await incidentRow(theirId);
    for (const id of [theirId, randomUUID()]) {
      const response = await put({ ...incidentForm(refs), id }, await t.signIn(company.admin));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
    }
    expect(await incidentRow(theirId)).toEqual(before);
  });

  it("refuses a draft that is not the user's open-draft of this incident", async () => {
    const first = await openIncident();
    const second = await openIncident();
    const newDraft = (
      await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} })
    ).json<Draft>();
    const adminDraft = (
      await t.inject({
        method: 'POST',
        url: '/api/draftIncidents',
        headers: await t.signIn(company.admin),
        payload: { incidentId: first.id },
      })
    ).json<Draft>();
    for (const draftId of [second.draft.id, newDraft.id, adminDraft.id]) {
      const response = await put({ ...first.draft.data, id: first.id, draftId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Draft not found.' });
    }
  });

  it('answers 400 with the first message for an incomplete form, and 401 without a session', async () => {
    const { id, draft } = await openIncident();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...draft.data, id, reportedDate: null }, "'When / Date reported' is required"],
      [{ ...draft.data, id, lastClassId: '' }, "'What' is required"],
      [{ ...draft.data, id: 'abc' }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await t.inject({ method: 'PUT', url: '/api/incidents', payload: { ...draft.data, id } })).statusCode).toBe(
      401,
    );
  });
});
