import { type Draft, formatDateTime, type IncidentFields, TIMEZONE_HEADER } from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../../test/fixtures/incident-fixtures';
import { storeWorkingCopy, submitIncident, uploadToIncident } from '../../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../../test/test-app';
import { draftIncidents, incidentHistory, users } from '../../../db/schema/index';

/** Two users on one incident (spec 1 §4 draft and view flows): versioned working copies. */
let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
let admin: Record<string, string>;

const TORONTO = '300';

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Two Editors Co', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, company.accountId);
  staff = { ...(await t.signIn(company.staff)), [TIMEZONE_HEADER]: TORONTO };
  admin = { ...(await t.signIn(company.admin)), [TIMEZONE_HEADER]: TORONTO };
});
afterAll(() => t.close());

async function nameOf(user: TestUser) {
  const [row] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, user.id)));
  return `${row?.firstName} ${row?.lastName}`;
}

const summary = (text: string) => (fields: IncidentFields) => ({ ...fields, summary: `<p>${text}</p>` });

const open = (headers: Record<string, string>, incidentId: string) =>
  t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: { incidentId } });

/** PUT /api/incidents from a working copy (its data, id and base version), as the form's Save does. */
const saveIncident = (headers: Record<string, string>, copy: Draft, data: IncidentFields = copy.data) =>
  t.inject({
    method: 'PUT',
    url: '/api/incidents',
    headers,
    payload: { ...data, id: copy.incidentId, draftId: copy.id, baseVersion: copy.baseVersion ?? undefined },
  });

const incidentSummary = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/api/incidents/${id}`, headers: admin })).json<{ summary: string }>().summary;

const editingRows = (incidentId: string) =>
  t.database.system((tx) => tx.select().from(draftIncidents).where(eq(draftIncidents.incidentId, incidentId)));

async function lastChangeOf(incidentId: string, action: string) {
  const [row] = await t.database.system((tx) =>
    tx
      .select()
      .from(incidentHistory)
      .where(and(eq(incidentHistory.incidentId, incidentId), eq(incidentHistory.actionType, action)))
      .orderBy(desc(incidentHistory.createdAt))
      .limit(1),
  );
  if (!row) throw new Error(`no ${action} history row`);
  return row;
}

describe('a working copy made before another user saved the incident', () => {
  it("is refused on save with who changed the incident and when, keeps the other user's change, and a fresh copy saves", async () => {
    const incident = await submitIncident(t, staff, refs);
    const adminCopy = await storeWorkingCopy(t, admin, incident.id, summary('Admin text'));
    expect(adminCopy.baseVersion).toBe(1);
    const staffCopy = await storeWorkingCopy(t, staff, incident.id, summary('Staff text'));
    const staffSave = await saveIncident(staff, staffCopy);
    expect(staffSave.statusCode, staffSave.body).toBe(200);

    // Edit again: the stored copy is offered, and it says the incident changed since it was made.
    const reopened = (await open(admin, incident.id)).json<Draft>();
    const edit = await lastChangeOf(incident.id, 'EDIT');
    expect(reopened).toMatchObject({ id: adminCopy.id, stored: true, baseVersion: 1 });
    expect(reopened.changedSince).toEqual({
      version: 2,
      userName: await nameOf(company.staff),
      date: edit.createdAt.toISOString(),
    });
    expect(reopened.data.summary).toBe('<p>Admin text</p>');

    const refused = await saveIncident(admin, reopened);
    expect(refused.statusCode).toBe(409);
    const when = formatDateTime(edit.createdAt, 0, Number(TORONTO));
    expect(refused.json()).toEqual({
      code: 'STALE_INCIDENT',
      message:
        `Incident #${incident.number} was changed by ${await nameOf(company.staff)} on ${when} after you started ` +
        'editing it. Your changes were not saved: reload the incident to edit its current version.',
    });
    expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(await incidentSummary(incident.id)).toBe('<p>Staff text</p>');
    // The refused copy is kept (nothing typed is lost) until the user discards it.
    expect((await editingRows(incident.id)).map((row) => row.id)).toEqual([adminCopy.id]);

    // Reload: discard the copy and take the current incident; that save goes through.
    const discarded = await t.inject({ method: 'DELETE', url: `/api/draftIncidents/${adminCopy.id}`, headers: admin });
    expect(discarded.statusCode).toBe(204);
    const fresh = (await open(admin, incident.id)).json<Draft>();
    expect(fresh).toMatchObject({ stored: false, baseVersion: 2, changedSince: null });
    expect(fresh.data.summary).toBe('<p>Staff text</p>');
    const saved = await saveIncident(admin, fresh, summary('Admin on top')(fresh.data));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await incidentSummary(incident.id)).toBe('<p>Admin on top</p>');
  });

  it('refuses a copy that was never stored by the version the form was loaded from', async () => {
    const incident = await submitIncident(t, staff, refs);
    const adminForm = (await open(admin, incident.id)).json<Draft>();
    expect(adminForm.stored).toBe(false);
    const staffCopy = await storeWorkingCopy(t, staff, incident.id, summary('Staff first'));
    expect((await saveIncident(staff, staffCopy)).statusCode).toBe(200);
    const refused = await saveIncident(admin, adminForm, summary('Admin late')(adminForm.data));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('STALE_INCIDENT');
    expect(await incidentSummary(incident.id)).toBe('<p>Staff first</p>');
  });

  it('refuses a copy made before an attachment was added, the incident closed and reopened', async () => {
    const incident = await submitIncident(t, staff, refs);
    const copy = await storeWorkingCopy(t, admin, incident.id, summary('Admin text'));
    await uploadToIncident(t, staff, incident.id, { name: 'Late photo' });
    expect((await saveIncident(admin, copy)).statusCode).toBe(409);

    const closing = await storeWorkingCopy(t, staff, incident.id);
    const close = { closedBy: 'USER' };
    const closed = await t.inject({
      method: 'POST',
      url: `/api/incidents/close/${incident.id}`,
      headers: admin,
      payload: close,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const reopened = await t.inject({ method: 'POST', url: `/api/incidents/open/${incident.id}`, headers: admin });
    expect(reopened.statusCode, reopened.body).toBe(200);
    // Closing keeps the copies (issue 27): the admin's, made before the photo, stays refused; the
    // staff copy, current when the incident was closed, is taken by the reopened incident.
    expect(await editingRows(incident.id)).toHaveLength(2);
    expect((await saveIncident(admin, copy)).statusCode).toBe(409);
    expect((await saveIncident(staff, closing)).statusCode).toBe(200);
  });

  it("keeps the user's own copy current when they change an attachment of the incident from the form", async () => {
    const incident = await submitIncident(t, staff, refs);
    const copy = await storeWorkingCopy(t, staff, incident.id, summary('With my photo'));
    await uploadToIncident(t, staff, incident.id, { name: 'My photo' });
    const again = (await open(staff, incident.id)).json<Draft>();
    expect(again).toMatchObject({ id: copy.id, baseVersion: 2, changedSince: null });
    const saved = await saveIncident(staff, again);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('opening an incident for editing', () => {
  it('stores no working copy until something is saved: the draft list and count do not grow', async () => {
    const incident = await submitIncident(t, staff, refs);
    const listed = async () =>
      (await t.inject({ method: 'GET', url: '/api/draftIncidents', headers: admin })).json<{ total: number }>().total;
    const before = await listed();
    for (let i = 0; i < 3; i++) expect((await open(admin, incident.id)).statusCode).toBe(200);
    expect(await listed()).toBe(before);
    expect(await editingRows(incident.id)).toEqual([]);
    const copy = (await open(admin, incident.id)).json<Draft>();
    expect((await t.inject({ method: 'GET', url: `/api/draftIncidents/${copy.id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });

  it('answers the same copy id on every open, so its first save stores it under the id the form uses', async () => {
    const incident = await submitIncident(t, staff, refs);
    const first = (await open(admin, incident.id)).json<Draft>();
    const second = (await open(admin, incident.id)).json<Draft>();
    expect(second.id).toBe(first.id);
    const mine = (await open(staff, incident.id)).json<Draft>();
    expect(mine.id).not.toBe(first.id);
    const stored = await storeWorkingCopy(t, admin, incident.id);
    expect(stored.id).toBe(first.id);
    expect(await editingRows(incident.id)).toEqual([expect.objectContaining({ id: first.id, baseVersion: 1 })]);
  });

  it('refuses to store a copy under another id, of a closed incident, or of an incident the user may not edit', async () => {
    const incident = await submitIncident(t, staff, refs);
    const copy = (await open(admin, incident.id)).json<Draft>();
    const save = (headers: Record<string, string>, id: string) =>
      t.inject({
        method: 'PUT',
        url: '/api/draftIncidents',
        headers,
        payload: { id, data: copy.data, incidentId: incident.id, baseVersion: 1 },
      });
    expect((await save(admin, '6f1c1a4e-58a7-4a3c-9a4e-2f5b7c1d0e11')).statusCode).toBe(404);
    const other = await t.createCompany();
    expect((await save(await t.signIn(other.admin), copy.id)).statusCode).toBe(404);
    const close = { closedBy: 'USER' };
    await t.inject({ method: 'POST', url: `/api/incidents/close/${incident.id}`, headers: admin, payload: close });
    const closed = await save(admin, copy.id);
    expect(closed.statusCode).toBe(400);
    expect(closed.json<{ message: string }>().message).toBe('Cannot edit closed incident');
    expect(await editingRows(incident.id)).toEqual([]);
  });
});

describe('a copy kept over a close (issue 27)', () => {
  it('is refused while closed, then applies after a reopen; a copy stale before the close stays stale', async () => {
    const incident = await submitIncident(t, staff, refs);
    const kept = await storeWorkingCopy(t, admin, incident.id, summary('Typed before the close.'));
    const older = await storeWorkingCopy(t, staff, incident.id, summary('Staff copy.'));
    // Staff saves: the admin's copy is stale from then on; staff opens a new, current copy.
    const saved = await saveIncident(staff, older, { ...older.data, summary: '<p>Saved by staff.</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    const current = await storeWorkingCopy(t, staff, incident.id, summary('Staff again.'));
    const adminCopy = await open(admin, incident.id);
    expect(adminCopy.json<Draft>().changedSince).not.toBeNull();

    const close = { closedBy: 'USER' };
    expect(
      (await t.inject({ method: 'POST', url: `/api/incidents/close/${incident.id}`, headers: staff, payload: close }))
        .statusCode,
    ).toBe(200);
    const refused = await saveIncident(staff, current);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      400,
      'Cannot edit closed incident',
    ]);
    // The typed text is still there to read, and typing into it is kept too.
    const read = await t.inject({ method: 'GET', url: `/api/draftIncidents/${current.id}`, headers: staff });
    expect(read.json<Draft>().data.summary).toBe('<p>Staff again.</p>');
    const typed = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers: staff,
      payload: { id: current.id, data: { ...current.data, summary: '<p>Staff again, more.</p>' } },
    });
    expect(typed.statusCode, typed.body).toBe(200);

    expect(
      (await t.inject({ method: 'POST', url: `/api/incidents/open/${incident.id}`, headers: admin })).statusCode,
    ).toBe(200);
    // Reopened by the administrator: the staff copy, current at the close, is taken without a conflict.
    const applied = await saveIncident(staff, current, { ...current.data, summary: '<p>Staff again, more.</p>' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await incidentSummary(incident.id)).toBe('<p>Staff again, more.</p>');
    // The admin's copy was made before the staff save: still refused as stale, with who and when.
    const conflict = await saveIncident(admin, kept);
    expect(conflict.statusCode).toBe(409);
  });
});
