import type { IncidentDetail } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  admin,
  closedIncident,
  post,
  refs,
  setUpLifecycle,
  signInWith,
  staff,
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

describe('POST /api/incidents/lock/:id and unlock/:id', () => {
  it('locks a closed incident: gone for staff (viewer and /incidents/my), kept for admins; unlock brings it back', async () => {
    const incident = await closedIncident();
    const my = async (headers: Record<string, string>) =>
      (await t.inject({ method: 'GET', url: '/api/incidents/my', headers }))
        .json<{ items: { id: string }[] }>()
        .items.map((r) => r.id);
    expect(await my(staff)).toContain(incident.id);

    const locked = await post(`lock/${incident.id}`, admin);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<IncidentDetail>()).toMatchObject({ locked: true, status: 2 });
    expect(await my(staff)).not.toContain(incident.id);
    const view = await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}`, headers: staff });
    expect(view.statusCode).toBe(404);
    const adminView = await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}`, headers: admin });
    expect(adminView.statusCode).toBe(200);
    const [lockHistory] = await historyRowsOf(t, incident.id);
    expect(lockHistory).toMatchObject({ actionType: 'LOCK', snapshot: expect.objectContaining({ locked: true }) });
    expect(await auditRowsOf(t, incident.id, 'LOCK')).toHaveLength(1);

    const unlocked = await post(`unlock/${incident.id}`, admin);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json<IncidentDetail>().locked).toBe(false);
    expect(await my(staff)).toContain(incident.id);
    expect((await historyRowsOf(t, incident.id))[0]?.actionType).toBe('UNLOCK');
    expect(await auditRowsOf(t, incident.id, 'UNLOCK')).toHaveLength(1);
  });

  it('refuses what does not apply: an open incident, locking twice, unlocking an unlocked one', async () => {
    const open = await submitIncident(t, staff, refs);
    const cases: [string, string][] = [
      [`lock/${open.id}`, LIFECYCLE_MESSAGES.lockOnlyClosed],
      [`unlock/${open.id}`, LIFECYCLE_MESSAGES.notLocked],
    ];
    const closed = await closedIncident();
    expect((await post(`lock/${closed.id}`, admin)).statusCode).toBe(200);
    cases.push([`lock/${closed.id}`, LIFECYCLE_MESSAGES.alreadyLocked]);
    for (const [path, message] of cases) {
      const response = await post(path, admin);
      expect([response.statusCode, response.json()], path).toEqual([400, { code: 'BAD_REQUEST', message }]);
    }
  });

  it('unlocks a locked incident that was reopened since', async () => {
    const incident = await closedIncident();
    expect((await post(`lock/${incident.id}`, admin)).statusCode).toBe(200);
    expect((await post(`open/${incident.id}`, admin)).statusCode).toBe(200);
    const response = await post(`unlock/${incident.id}`, admin);
    expect([response.statusCode, response.json<IncidentDetail>().locked]).toEqual([200, false]);
  });

  it('needs INCIDENT_LOCK (staff 403), and a lock holder who may see incidents is enough', async () => {
    const incident = await closedIncident();
    expect((await post(`lock/${incident.id}`, staff)).statusCode).toBe(403);
    const locker = await signInWith({ privileges: ['INCIDENT_LOCK', 'ALLINCIDENT_SEARCH'] });
    expect((await post(`lock/${incident.id}`, locker)).statusCode).toBe(200);
    expect((await post(`unlock/${incident.id}`, staff)).statusCode).toBe(403);
    // Without INCIDENT_LOCK a locked incident does not exist, even for the other lifecycle calls.
    const reopener = await signInWith({
      privileges: ['OPEN_CLOSED_INCIDENT', 'ALLINCIDENT_SEARCH', 'INCIDENT_DELETE'],
    });
    expect((await post(`open/${incident.id}`, reopener)).statusCode).toBe(404);
    const deleted = await t.inject({ method: 'DELETE', url: `/api/incidents/${incident.id}`, headers: reopener });
    expect(deleted.statusCode).toBe(404);
    expect((await post(`unlock/${incident.id}`, locker)).statusCode).toBe(200);
  });
});

describe('DELETE /api/incidents/:id', () => {
  it('removes the incident, its parts, history, open-drafts and files; the audit rows stay', async () => {
    const incident = await submitIncident(t, staff, refs, { persons: 2, items: 2 });
    await uploadToIncident(t, staff, incident.id, { name: 'Saved' });
    const draftId = (await storeWorkingCopy(t, staff, incident.id)).id;
    await uploadToIncident(t, staff, draftId, { name: 'Pending' });
    const filesBefore = t.storage.files.size;

    const response = await t.inject({ method: 'DELETE', url: `/api/incidents/${incident.id}`, headers: admin });
    expect(response.statusCode, response.body).toBe(204);
    expect(t.storage.files.size).toBe(filesBefore - 2);
    const my = await t.inject({ method: 'GET', url: '/api/incidents/my', headers: staff });
    expect(my.json<{ items: { id: string }[] }>().items.map((r) => r.id)).not.toContain(incident.id);
    const drafts = await t.inject({ method: 'GET', url: '/api/draftIncidents', headers: staff });
    expect(drafts.json<{ items: { id: string }[] }>().items.map((d) => d.id)).not.toContain(draftId);
    expect((await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect(await historyRowsOf(t, incident.id)).toEqual([]);
    const counts = await t.database.system(async (tx) => {
      const result = await tx.execute(sql`select
        (select count(*)::int from incident_persons where incident_id = ${incident.id}) as persons,
        (select count(*)::int from incident_items where incident_id = ${incident.id}) as items,
        (select count(*)::int from attachments where incident_id = ${incident.id}) as files`);
      return (result as unknown as { rows: unknown[] }).rows[0];
    });
    expect(counts).toEqual({ persons: 0, items: 0, files: 0 });
    const audit = await auditRowsOf(t, incident.id);
    expect(audit[0]).toMatchObject({
      transactionType: 'DELETE',
      objectName: `#${incident.number}`,
      createUserId: a.admin.id,
    });
    expect(audit.map((row) => row.transactionType)).toContain('CREATE');
  });

  it('needs INCIDENT_DELETE (staff 403) and answers 404 once deleted', async () => {
    const incident = await submitIncident(t, staff, refs);
    const url = `/api/incidents/${incident.id}`;
    expect((await t.inject({ method: 'DELETE', url, headers: staff })).statusCode).toBe(403);
    const deleter = await signInWith({ privileges: ['INCIDENT_DELETE', 'ALLINCIDENT_SEARCH'] });
    expect((await t.inject({ method: 'DELETE', url, headers: deleter })).statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url, headers: deleter })).statusCode).toBe(404);
  });
});
