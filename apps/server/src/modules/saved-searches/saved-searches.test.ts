import { randomUUID } from 'node:crypto';
import {
  type Page,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
  type SavedSearchCreate,
  STAFF_PRIVILEGES,
} from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRowsOfSaved,
  OPEN_CRITERIA,
  PERSON_CRITERIA,
  PERSON_CRITERIA_STORED,
  saveBody,
} from '../../../test/fixtures/saved-search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { savedSearches } from '../../db/schema/index';

/** The dashboard's saved searches: GET/POST/PUT /api/incidents/search/custom, DELETE …/:id. */
const URL = '/api/incidents/search/custom';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
/** Staff: MYINCIDENT_SEARCH only. */
let staff: Record<string, string>;
/** Another user of the same company, with ALLINCIDENT_SEARCH. */
let colleague: Record<string, string>;
let outsider: Record<string, string>;

const create = (payload: object, headers = staff) => t.inject({ method: 'POST', url: URL, headers, payload });
const update = (payload: object, headers = staff) => t.inject({ method: 'PUT', url: URL, headers, payload });
const remove = (id: string, headers = staff) => t.inject({ method: 'DELETE', url: `${URL}/${id}`, headers });
const list = (headers = staff, query = '') => t.inject({ method: 'GET', url: `${URL}${query}`, headers });

async function saved(body: Partial<SavedSearchCreate> = {}, headers = staff): Promise<SavedSearch> {
  const response = await create(saveBody(body), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedSearch>();
}

async function storedRow(id: string) {
  const [row] = await t.database.system((tx) => tx.select().from(savedSearches).where(eq(savedSearches.id, id)));
  return row;
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Saved Co', concurrentUserCount: 50 });
  other = await t.createCompany({ name: 'Elsewhere Co' });
  staff = await t.signIn(company.staff);
  colleague = await t.signIn(await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
  outsider = await t.signIn(other.staff);
});
afterAll(() => t.close());

describe('POST /api/incidents/search/custom', () => {
  it("saves the validated criteria and columns as the user's own dashboard search, with a SEARCH CREATE audit entry", async () => {
    const response = await create({
      name: '  Thefts by Tran ',
      description: ' Closed ones. ',
      criteria: PERSON_CRITERIA,
      columns: ['number', 'persons', 'status'],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SavedSearch>();
    expect(answer).toEqual({
      id: expect.any(String),
      name: 'Thefts by Tran',
      description: 'Closed ones.',
      criteria: PERSON_CRITERIA_STORED,
      columns: ['number', 'persons', 'status'],
      sort: { by: 'number', direction: 'desc' },
      creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastUpdateDate: answer.creationDate,
      createUserName: expect.stringMatching(/^Test User /),
    });
    expect(Date.now() - Date.parse(answer.creationDate)).toBeLessThan(60_000);
    expect(await storedRow(answer.id)).toMatchObject({
      accountId: company.accountId,
      userId: company.staff.id,
      target: 'dashboard',
      criteria: PERSON_CRITERIA_STORED,
    });
    const audit = await auditRowsOfSaved(t, 'SEARCH', answer.id);
    expect(audit).toEqual([
      expect.objectContaining({
        accountId: company.accountId,
        transactionType: 'CREATE',
        objectName: 'Thefts by Tran',
        createUserId: company.staff.id,
        objectData: {
          name: 'Thefts by Tran',
          description: 'Closed ones.',
          criteria: PERSON_CRITERIA_STORED,
          columns: ['number', 'persons', 'status'],
          sort: { by: 'number', direction: 'desc' },
        },
      }),
    ]);
  });

  it('answers 400 with the Save Search texts and stores nothing', async () => {
    const cases: [object, string][] = [
      [saveBody({ name: '' }), SAVED_SEARCH_MESSAGES.nameRequired],
      [saveBody({ name: '   ' }), SAVED_SEARCH_MESSAGES.nameRequired],
      [saveBody({ name: 'n'.repeat(101) }), SAVED_SEARCH_MESSAGES.nameMax],
      [saveBody({ description: 'd'.repeat(501) }), SAVED_SEARCH_MESSAGES.descriptionMax],
      [saveBody({ criteria: {} }), 'Please add a search criteria.'],
      [
        saveBody({ criteria: { person: { values: [{ id: 'p1' }] } } }),
        'Please enter person name or set "Has person" on.',
      ],
      [{ ...saveBody(), columns: ['number', 'shoeSize'] }, 'Unknown result column'],
    ];
    const before = await list();
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await list()).json<Page<SavedSearch>>().total).toBe(before.json<Page<SavedSearch>>().total);
  });

  it('keeps names of 100 characters and descriptions of 500', async () => {
    const answer = await saved({ name: 'n'.repeat(100), description: 'd'.repeat(500) });
    expect(answer.name).toHaveLength(100);
    expect(answer.description).toHaveLength(500);
  });
});

describe('GET /api/incidents/search/custom', () => {
  it("pages the user's own searches, newest first, with the total; never a colleague's or another company's", async () => {
    const user = await t.signIn(await t.createUser(company.accountId, { privileges: ['MYINCIDENT_SEARCH'] }));
    const names = ['First', 'Second', 'Third'];
    for (const name of names) await saved({ name }, user);
    await saved({ name: 'Colleague search' }, colleague);
    await saved({ name: 'Foreign search' }, outsider);
    const first = await list(user, '?p=0&psz=2');
    expect(first.statusCode).toBe(200);
    expect(first.json<Page<SavedSearch>>()).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.json<Page<SavedSearch>>().items.map((s) => s.name)).toEqual(['Third', 'Second']);
    const second = (await list(user, '?p=1&psz=2')).json<Page<SavedSearch>>();
    expect(second).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(second.items.map((s) => s.name)).toEqual(['First']);
    expect(second.items[0]?.criteria).toEqual({
      status: { logicalOperation: 'OR', values: OPEN_CRITERIA.status.values },
    });
    const beyond = (await list(user, '?p=5&psz=2')).json<Page<SavedSearch>>();
    expect(beyond).toMatchObject({ items: [], total: 3 });
  });

  it('answers a stored search the current schema only partly reads with what it still reads', async () => {
    const retiredColumn = await saved({ name: 'Retired column', columns: ['number', 'status'] });
    const retiredRule = await saved({ name: 'Retired rule', columns: ['number', 'status'] });
    const retiredSort = await saved({ name: 'Retired sort', sort: { by: 'occurredDate', direction: 'asc' } });
    await t.database.system(async (tx) => {
      await tx
        .update(savedSearches)
        .set({ sort: { by: 'a-retired-column', direction: 'asc' } })
        .where(eq(savedSearches.id, retiredSort.id));
      await tx
        .update(savedSearches)
        .set({ columns: ['number', 'a-retired-column', 'status'] })
        .where(eq(savedSearches.id, retiredColumn.id));
      await tx
        .update(savedSearches)
        .set({ criteria: { status: { logicalOperation: 'OR', values: [{ id: 's', status: 99 }] } } })
        .where(eq(savedSearches.id, retiredRule.id));
    });
    const items = (await list(staff, '?psz=100')).json<{ items: SavedSearch[] }>().items;
    const byId = new Map(items.map((item) => [item.id, item]));
    // A retired column costs only itself.
    expect(byId.get(retiredColumn.id)).toMatchObject({
      criteria: retiredColumn.criteria,
      columns: ['number', 'status'],
    });
    // Criteria it refuses are answered empty, the columns kept.
    expect(byId.get(retiredRule.id)).toMatchObject({ criteria: {}, columns: ['number', 'status'] });
    // A sort by a retired column is newest first, the rest kept.
    expect(byId.get(retiredSort.id)).toMatchObject({
      criteria: retiredSort.criteria,
      sort: { by: 'number', direction: 'desc' },
    });
  });

  it('answers 10 a page by default', async () => {
    const user = await t.signIn(await t.createUser(company.accountId, { privileges: ['MYINCIDENT_SEARCH'] }));
    for (let n = 1; n <= 11; n++) await saved({ name: `Search ${n}` }, user);
    const page = (await list(user)).json<Page<SavedSearch>>();
    expect(page).toMatchObject({ total: 11, page: 0, pageSize: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]?.name).toBe('Search 11');
  });

  it('answers 400 to bad paging', async () => {
    const response = await list(staff, '?psz=101');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'psz must be a page size from 1 to 100' });
    expect((await list(staff, '?p=-1')).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'p must be a page number from 0',
    });
  });
});

describe('PUT /api/incidents/search/custom', () => {
  it('replaces name, description, criteria and columns of an own search, with a SEARCH UPDATE audit entry', async () => {
    const original = await saved({ name: 'Before', columns: ['number'] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await update({
      id: original.id,
      name: 'After',
      description: 'Changed',
      criteria: PERSON_CRITERIA,
      columns: ['status', 'number'],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SavedSearch>();
    expect(answer).toEqual({
      ...original,
      name: 'After',
      description: 'Changed',
      criteria: PERSON_CRITERIA_STORED,
      columns: ['status', 'number'],
      lastUpdateDate: expect.any(String),
    });
    expect(Date.parse(answer.lastUpdateDate)).toBeGreaterThan(Date.parse(original.creationDate));
    const page = (await list()).json<Page<SavedSearch>>();
    expect(page.items.find((s) => s.id === original.id)).toEqual(answer);
    const audit = await auditRowsOfSaved(t, 'SEARCH', original.id);
    expect(audit.map((row) => [row.transactionType, row.objectName])).toEqual([
      ['CREATE', 'Before'],
      ['UPDATE', 'After'],
    ]);
  });

  it("answers 404 for a colleague's, another company's, a report's or an unknown id, and changes nothing", async () => {
    const colleagues = await saved({ name: 'Colleague own' }, colleague);
    const foreign = await saved({ name: 'Foreign own' }, outsider);
    const admin = await t.signIn(company.admin);
    const report = await t.inject({ method: 'POST', url: '/api/reports/custom', headers: admin, payload: saveBody() });
    expect(report.statusCode).toBe(200);
    const ids = [colleagues.id, foreign.id, report.json<SavedSearch>().id, randomUUID()];
    for (const id of ids) {
      const response = await update({ ...saveBody({ name: 'Taken over' }), id });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Saved search not found.' });
    }
    // Not even an administrator changes another user's dashboard search.
    expect((await update({ ...saveBody({ name: 'Taken over' }), id: colleagues.id }, admin)).statusCode).toBe(404);
    expect((await storedRow(colleagues.id))?.name).toBe('Colleague own');
    expect((await storedRow(foreign.id))?.name).toBe('Foreign own');
    expect(await auditRowsOfSaved(t, 'SEARCH', colleagues.id)).toHaveLength(1);
  });

  it('answers 400 with the texts of the Save Search dialog and of the id', async () => {
    const own = await saved();
    const cases: [object, string][] = [
      [{ ...saveBody({ name: '' }), id: own.id }, SAVED_SEARCH_MESSAGES.nameRequired],
      [{ ...saveBody({ description: 'd'.repeat(501) }), id: own.id }, SAVED_SEARCH_MESSAGES.descriptionMax],
      [{ ...saveBody({ criteria: {} }), id: own.id }, 'Please add a search criteria.'],
      [{ ...saveBody(), id: 'not-an-id' }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const response = await update(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await storedRow(own.id))?.name).toBe('Open incidents');
  });
});

describe('DELETE /api/incidents/search/custom/:id', () => {
  it('deletes an own search, with a SEARCH DELETE audit entry', async () => {
    const doomed = await saved({ name: 'Doomed' });
    const response = await remove(doomed.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await storedRow(doomed.id)).toBeUndefined();
    expect((await list(staff, '?psz=100')).json<Page<SavedSearch>>().items.map((s) => s.id)).not.toContain(doomed.id);
    const audit = await auditRowsOfSaved(t, 'SEARCH', doomed.id);
    expect(audit.map((row) => [row.transactionType, row.objectName, row.createUserId])).toEqual([
      ['CREATE', 'Doomed', company.staff.id],
      ['DELETE', 'Doomed', company.staff.id],
    ]);
    expect((await remove(doomed.id)).statusCode).toBe(404);
  });

  it("answers 404 for a colleague's, another company's or an unknown id, and deletes nothing", async () => {
    const colleagues = await saved({ name: 'Colleague keep' }, colleague);
    const foreign = await saved({ name: 'Foreign keep' }, outsider);
    for (const id of [colleagues.id, foreign.id, randomUUID()]) {
      const response = await remove(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Saved search not found.' });
    }
    expect(await storedRow(colleagues.id)).toBeDefined();
    expect(await storedRow(foreign.id)).toBeDefined();
  });

  it("answers 400 'Invalid id' to an id that is not an identifier", async () => {
    const response = await remove('abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
  });
});

describe('authentication and privileges', () => {
  const calls = () => [
    { method: 'GET' as const, url: URL },
    { method: 'POST' as const, url: URL, payload: saveBody() },
    { method: 'PUT' as const, url: URL, payload: { ...saveBody(), id: randomUUID() } },
    { method: 'DELETE' as const, url: `${URL}/${randomUUID()}` },
  ];

  it('answers 401 without a session', async () => {
    for (const call of calls()) {
      const response = await t.inject(call);
      expect(response.statusCode, call.method).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 403 to a user without ALLINCIDENT_SEARCH and MYINCIDENT_SEARCH', async () => {
    const privileges = [...STAFF_PRIVILEGES.filter((code) => code !== 'MYINCIDENT_SEARCH'), 'REPORT_CREATE' as const];
    const headers = await t.signIn(await t.createUser(company.accountId, { privileges }));
    for (const call of calls()) {
      const response = await t.inject({ ...call, headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
  });
});
