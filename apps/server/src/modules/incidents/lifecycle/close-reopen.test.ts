import {
  CLOSE_MESSAGES,
  type CloseBlock,
  INCIDENT_MESSAGES,
  type IncidentDetail,
  STAFF_PRIVILEGES,
} from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  admin,
  b,
  close,
  closedIncident,
  post,
  refs,
  setUpLifecycle,
  signInWith,
  staff,
  stateOf,
  t,
} from '../../../../test/fixtures/lifecycle-test-setup';
import {
  auditRowsOf,
  historyRowsOf,
  storeWorkingCopy,
  submitIncident,
  uploadToIncident,
} from '../../../../test/incidents';
import { LIFECYCLE_MESSAGES } from './lifecycle.service';

beforeAll(setUpLifecycle);
afterAll(() => t.close());

describe('POST /api/incidents/close/:id', () => {
  it('closes the creator’s own open incident by the user, with history and audit in one transaction', async () => {
    const incident = await submitIncident(t, staff, refs);
    const response = await close(incident.id, staff, {
      closedBy: 'USER',
      closeFirstName: 'Ignored',
      closeComments: '<p>Goods <script>alert(1)</script>returned &amp; keys back</p>',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<IncidentDetail>();
    expect(detail).toMatchObject({ id: incident.id, status: 2, actions: { close: false, edit: false } });
    expect(detail.close).toEqual({
      closedBy: 'USER',
      closeUserId: a.staff.id,
      closeUserName: expect.stringMatching(/^Test User /),
      closeUserFirstName: 'Test',
      closeUserLastName: expect.stringMatching(/^User /),
      closeFirstName: '',
      closeMiddleName: '',
      closeLastName: '',
      closeAlias: '',
      closePosition: '',
      closeDepartment: '',
      closeEmail: '',
      closePhone: '',
      closeMobilePhone: '',
      closeComments: 'Goods returned & keys back',
      closeCommentsText: 'Goods returned & keys back',
      closeDate: expect.any(String),
    } satisfies Record<keyof CloseBlock, unknown>);

    const stored = await stateOf(incident.id);
    expect(stored?.closedAt).toBeInstanceOf(Date);
    const [history] = await historyRowsOf(t, incident.id);
    expect(history).toMatchObject({ actionType: 'CLOSE', updateUserId: a.staff.id });
    expect(history?.snapshot).toMatchObject({ status: 2, close: { closedBy: 'USER' } });
    const [audit] = await auditRowsOf(t, incident.id, 'CLOSE');
    expect(audit).toMatchObject({ objectName: `#${incident.number}`, objectHistoryId: history?.id });
    expect(audit?.createdAt.getTime()).toBe(history?.createdAt.getTime());
    expect(stored?.closedAt?.getTime()).toBe(history?.createdAt.getTime());
  });

  it("closes 'By other' with the named person's details", async () => {
    const incident = await submitIncident(t, staff, refs);
    const other = {
      closeFirstName: 'Jane',
      closeMiddleName: 'Q',
      closeLastName: 'Public',
      closeAlias: 'JQ',
      closePosition: 'Manager',
      closeDepartment: 'Security',
      closeEmail: 'jane@example.com',
      closePhone: '555-0100',
      closeMobilePhone: '555-0199',
    };
    const response = await close(incident.id, admin, { closedBy: 'OTHER', ...other, closeComments: 'All done' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<IncidentDetail>().close).toMatchObject({
      closedBy: 'OTHER',
      closeUserId: null,
      closeUserName: '',
      ...other,
      closeComments: 'All done',
    });
  });

  it("refuses 'By other' without a first name, a bad email and overlong comments (400), changing nothing", async () => {
    const incident = await submitIncident(t, staff, refs);
    const cases: [Record<string, unknown>, string][] = [
      [{ closedBy: 'OTHER', closeLastName: 'Public' }, CLOSE_MESSAGES.firstNameRequired],
      [{ closedBy: 'OTHER', closeFirstName: '   ' }, CLOSE_MESSAGES.firstNameRequired],
      [{ closedBy: 'OTHER', closeFirstName: 'Jane', closeEmail: 'nope' }, 'Enter a valid email address.'],
      [{ closedBy: 'USER', closeComments: 'x'.repeat(501) }, CLOSE_MESSAGES.commentsMax],
      [{ closedBy: 'SOMEONE' }, expect.any(String) as unknown as string],
    ];
    for (const [payload, message] of cases) {
      const response = await close(incident.id, admin, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { code: 'BAD_REQUEST', message }]);
    }
    expect((await stateOf(incident.id))?.status).toBe(1);
  });

  it("refuses an incident that is not open: 'Only an open incident can be closed.'", async () => {
    const incident = await closedIncident();
    const response = await close(incident.id, admin);
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: LIFECYCLE_MESSAGES.closeOnlyOpen },
    ]);
  });

  it("lets MYINCIDENT_CLOSE close only the user's own incidents", async () => {
    // Assigned to the staff user, so visible to them, but entered by the admin.
    const assigned = await submitIncident(t, admin, refs, {}, (fields) => ({ ...fields, assignedUserId: a.staff.id }));
    const refused = await close(assigned.id, staff);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { code: 'FORBIDDEN', message: LIFECYCLE_MESSAGES.closeForbidden },
    ]);
    // Another user's incident the staff user cannot even see.
    const colleague = await submitIncident(t, await signInWith({ privileges: STAFF_PRIVILEGES }), refs);
    expect((await close(colleague.id, staff)).statusCode).toBe(404);
    const allClose = await signInWith({ privileges: ['ALLINCIDENT_CLOSE'] });
    expect((await close(colleague.id, allClose)).statusCode).toBe(200);
    expect((await stateOf(assigned.id))?.status).toBe(1);
  });

  it('keeps every open-draft of the incident with its uploaded files, for its user to read (issue 27)', async () => {
    const incident = await submitIncident(t, staff, refs);
    const draftId = (await storeWorkingCopy(t, staff, incident.id)).id;
    await uploadToIncident(t, staff, draftId, { name: 'New photo' });
    const filesBefore = t.storage.files.size;
    expect((await close(incident.id, admin)).statusCode).toBe(200);
    const drafts = await t.inject({ method: 'GET', url: '/api/draftIncidents', headers: staff });
    expect(drafts.json<{ items: { id: string }[] }>().items.map((d) => d.id)).toContain(draftId);
    const kept = await t.inject({ method: 'GET', url: `/api/draftIncidents/${draftId}`, headers: staff });
    expect(kept.statusCode).toBe(200);
    expect(t.storage.files.size).toBe(filesBefore);
  });

  it('keeps refusing to save an edit of a closed incident', async () => {
    const incident = await closedIncident();
    const response = await t.inject({
      method: 'PUT',
      url: '/api/incidents',
      headers: admin,
      payload: { ...incident.fields, id: incident.id, draftId: null },
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: INCIDENT_MESSAGES.cannotEditClosed },
    ]);
  });
});

describe('POST /api/incidents/open/:id', () => {
  it('reopens a closed incident for OPEN_CLOSED_INCIDENT: Open, close block cleared, history and audit', async () => {
    const incident = await closedIncident();
    const response = await post(`open/${incident.id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<IncidentDetail>()).toMatchObject({ status: 1, close: null, actions: { edit: true } });
    const stored = await stateOf(incident.id);
    expect([stored?.status, stored?.close, stored?.closedAt]).toEqual([1, null, null]);
    const [history] = await historyRowsOf(t, incident.id);
    expect(history).toMatchObject({ actionType: 'REOPEN', snapshot: expect.objectContaining({ close: null }) });
    expect(await auditRowsOf(t, incident.id, 'REOPEN')).toHaveLength(1);
  });

  it('is refused to staff (403) and to an open incident (400)', async () => {
    const incident = await closedIncident();
    const refused = await post(`open/${incident.id}`, staff);
    expect(refused.statusCode).toBe(403);
    const reopener = await signInWith({ privileges: ['OPEN_CLOSED_INCIDENT', 'ALLINCIDENT_SEARCH'] });
    expect((await post(`open/${incident.id}`, reopener)).statusCode).toBe(200);
    const again = await post(`open/${incident.id}`, reopener);
    expect([again.statusCode, again.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: LIFECYCLE_MESSAGES.reopenOnlyClosed },
    ]);
  });
});

describe('every lifecycle call', () => {
  const calls = (id: string) => [
    { method: 'POST' as const, url: `/api/incidents/close/${id}`, payload: { closedBy: 'USER' } },
    { method: 'POST' as const, url: `/api/incidents/open/${id}` },
    { method: 'POST' as const, url: `/api/incidents/lock/${id}` },
    { method: 'POST' as const, url: `/api/incidents/unlock/${id}` },
    { method: 'DELETE' as const, url: `/api/incidents/${id}` },
  ];

  it('answers 401 without a session', async () => {
    const incident = await submitIncident(t, staff, refs);
    for (const call of calls(incident.id)) expect((await t.inject(call)).statusCode, call.url).toBe(401);
  });

  it("answers 404 to another company's admin and changes nothing", async () => {
    const incident = await closedIncident();
    const stranger = await t.signIn(b.admin);
    for (const call of calls(incident.id)) {
      const response = await t.inject({ ...call, headers: stranger });
      expect([response.statusCode, response.json()], call.url).toEqual([
        404,
        { code: 'NOT_FOUND', message: 'Incident not found.' },
      ]);
    }
    expect(await stateOf(incident.id)).toMatchObject({ status: 2, locked: false });
  });

  it("answers 400 'Invalid id' to an id that is not a UUID", async () => {
    for (const call of calls('not-an-id')) {
      const response = await t.inject({ ...call, headers: admin });
      expect([response.statusCode, response.json()], call.url).toEqual([
        400,
        { code: 'BAD_REQUEST', message: 'Invalid id' },
      ]);
    }
  });
});
