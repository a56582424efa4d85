import {
  type HistoryCompare,
  type HistoryEntry,
  type IncidentSnapshotView,
  PRIVATE_PERSON_FIELDS,
  STAFF_PRIVILEGES,
} from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../../test/fixtures/incident-fixtures';
import { historyRowsOf, submitIncident } from '../../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { incidentHistory, incidents } from '../../../db/schema/index';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
let admin: Record<string, string>;
let incident: Awaited<ReturnType<typeof submitIncident>>;
/** History row ids of the incident: CREATE, then EDIT of the summary. */
let created: string;
let edited: string;

const get = <T>(path: string, headers: Record<string, string>) =>
  t.inject({ method: 'GET', url: `/api/incidents/${path}`, headers }).then((r) => ({ r, body: r.json<T>() }));
const signInWith = async (privileges: Parameters<TestContext['createUser']>[1]) =>
  t.signIn(await t.createUser(a.accountId, privileges));

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'History A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'History B' });
  refs = await companyRefs(t.database, a.accountId);
  staff = await t.signIn(a.staff);
  admin = await t.signIn(a.admin);
  incident = await submitIncident(t, staff, refs, { persons: 2 });
  const saved = await t.inject({
    method: 'PUT',
    url: '/api/incidents',
    headers: staff,
    payload: { ...incident.fields, id: incident.id, draftId: null, summary: '<p>The summary after the edit.</p>' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const rows = await historyRowsOf(t, incident.id);
  edited = rows[0]?.id ?? '';
  created = rows[1]?.id ?? '';
});
afterAll(() => t.close());

describe('GET /api/incidents/:id/history', () => {
  it('lists the changes newest first with the date, type and user', async () => {
    const { r, body } = await get<HistoryEntry[]>(`${incident.id}/history`, staff);
    expect(r.statusCode).toBe(200);
    expect(body).toEqual([
      {
        id: edited,
        updateDate: expect.any(String),
        actionType: 'EDIT',
        updateUserName: expect.stringMatching(/^Test User /),
        recordedOfflineAt: null,
        importedFrom: null,
      },
      {
        id: created,
        updateDate: expect.any(String),
        actionType: 'CREATE',
        updateUserName: expect.stringMatching(/^Test User /),
        recordedOfflineAt: null,
        importedFrom: null,
      },
    ]);
    expect(Date.parse(body[0]?.updateDate ?? '')).toBeGreaterThan(Date.parse(body[1]?.updateDate ?? ''));
  });

  it('shows lifecycle changes too, and a change by a nameless user as Unknown', async () => {
    const own = await submitIncident(t, staff, refs);
    const closed = await t.inject({
      method: 'POST',
      url: `/api/incidents/close/${own.id}`,
      headers: admin,
      payload: { closedBy: 'USER' },
    });
    expect(closed.statusCode).toBe(200);
    await t.database.system((tx) =>
      tx
        .update(incidentHistory)
        .set({ updateUserName: '' })
        .where(and(eq(incidentHistory.incidentId, own.id), eq(incidentHistory.actionType, 'CLOSE'))),
    );
    const { body } = await get<HistoryEntry[]>(`${own.id}/history`, staff);
    expect(body.map((row) => [row.actionType, row.updateUserName])).toEqual([
      ['CLOSE', 'Unknown'],
      ['CREATE', expect.stringMatching(/^Test User /)],
    ]);
    const compare = await get<HistoryCompare>(`historyItemForCompare/${body[0]?.id}`, staff);
    expect(compare.body.currentIncident).toMatchObject({ status: 2, close: { closedBy: 'USER' } });
    expect(compare.body.previousIncident).toMatchObject({ status: 1, close: null });
  });
});

describe('GET /api/incidents/historyItemForCompare/:id', () => {
  it('answers the version of the row and the one before it, with different summaries after an edit', async () => {
    const { r, body } = await get<HistoryCompare>(`historyItemForCompare/${edited}`, staff);
    expect(r.statusCode, r.body).toBe(200);
    expect(body.currentIncident).toMatchObject({ id: incident.id, number: incident.number });
    expect(body.currentIncident.summary).toBe('<p>The summary after the edit.</p>');
    expect(body.previousIncident?.summary).toBe(incident.fields.summary);
    expect(body.previousIncident?.summary).not.toBe(body.currentIncident.summary);
    expect(Date.parse(body.currentIncident.lastUpdateDate)).toBeGreaterThan(
      Date.parse(body.previousIncident?.lastUpdateDate ?? ''),
    );
  });

  it('answers previousIncident null for the first version (CREATE)', async () => {
    const { body } = await get<HistoryCompare>(`historyItemForCompare/${created}`, staff);
    expect(body.currentIncident.summary).toBe(incident.fields.summary);
    expect(body.previousIncident).toBeNull();
  });
});

describe('private person fields in history snapshots', () => {
  const expectMasked = (snapshot: IncidentSnapshotView | null | undefined) => {
    expect(snapshot?.persons).toHaveLength(2);
    for (const person of snapshot?.persons ?? []) {
      expect(person.privateHidden).toBe(true);
      for (const field of PRIVATE_PERSON_FIELDS) expect(person[field], field).toSatisfy((v) => v === '' || v === null);
      expect(person.firstName).toMatch(/^First/);
    }
  };

  it('are blanked for a user without PRIVACY_INFO_VIEW in historyItem and in both compared versions', async () => {
    const item = await get<IncidentSnapshotView>(`historyItem/${created}`, staff);
    expect(item.r.statusCode).toBe(200);
    expectMasked(item.body);
    const compare = await get<HistoryCompare>(`historyItemForCompare/${edited}`, staff);
    expectMasked(compare.body.currentIncident);
    expectMasked(compare.body.previousIncident);
    for (const text of [item.r.body, compare.r.body]) {
      expect(text).not.toContain('person0@example.com');
      expect(text).not.toContain('416-555-0100');
      expect(text).not.toContain('1980-02-29');
    }
  });

  it('are sent to a holder of PRIVACY_INFO_VIEW', async () => {
    const reader = await signInWith({ privileges: ['MYINCIDENT_SEARCH', 'ALLINCIDENT_SEARCH', 'PRIVACY_INFO_VIEW'] });
    const item = await get<IncidentSnapshotView>(`historyItem/${created}`, reader);
    expect(item.body.persons[0]).toMatchObject({
      privateHidden: false,
      dateOfBirth: '1980-02-29',
      email: 'person0@example.com',
      cityId: refs.city.id,
    });
    const compare = await get<HistoryCompare>(`historyItemForCompare/${edited}`, reader);
    expect(compare.body.previousIncident?.persons[1]).toMatchObject({ privateHidden: false, phone: '416-555-0100' });
  });
});

describe('who may read the history', () => {
  const paths = () => [`${incident.id}/history`, `historyItem/${created}`, `historyItemForCompare/${edited}`];

  it('answers 401 without a session and 403 without a privilege that shows incidents', async () => {
    const none = await signInWith({ privileges: ['INCIDENT_LOCK', 'PRIVACY_INFO_VIEW'] });
    for (const path of paths()) {
      expect((await t.inject({ method: 'GET', url: `/api/incidents/${path}` })).statusCode, path).toBe(401);
      expect((await get(path, none)).r.statusCode, path).toBe(403);
    }
  });

  it("answers 404 to a colleague who may see only their own incidents, and to another company's admin", async () => {
    const colleague = await signInWith({ privileges: STAFF_PRIVILEGES });
    const stranger = await t.signIn(b.admin);
    for (const headers of [colleague, stranger]) {
      for (const path of paths()) {
        const { r, body } = await get<{ code: string }>(path, headers);
        expect([r.statusCode, body.code], path).toEqual([404, 'NOT_FOUND']);
      }
    }
    expect((await get(paths()[0] ?? '', admin)).r.statusCode).toBe(200);
  });

  it('answers 404 for the history of a locked incident without INCIDENT_LOCK', async () => {
    const locked = await submitIncident(t, staff, refs);
    await t.database.system((tx) => tx.update(incidents).set({ locked: true }).where(eq(incidents.id, locked.id)));
    const [row] = await historyRowsOf(t, locked.id);
    for (const path of [`${locked.id}/history`, `historyItem/${row?.id}`, `historyItemForCompare/${row?.id}`]) {
      expect((await get(path, staff)).r.statusCode, path).toBe(404);
      expect((await get(path, admin)).r.statusCode, path).toBe(200);
    }
  });

  it("answers 404 to an unknown history id and 400 'Invalid id' to one that is not a UUID", async () => {
    const unknown = await get<{ message: string }>(`historyItem/${incident.id}`, admin);
    expect([unknown.r.statusCode, unknown.body.message]).toEqual([404, 'History entry not found.']);
    for (const path of ['not-an-id/history', 'historyItem/not-an-id', 'historyItemForCompare/not-an-id']) {
      const { r, body } = await get(path, admin);
      expect([r.statusCode, body], path).toEqual([400, { code: 'BAD_REQUEST', message: 'Invalid id' }]);
    }
  });
});
