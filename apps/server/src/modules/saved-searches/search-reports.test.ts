import { randomUUID } from 'node:crypto';
import { type Page, SAVED_SEARCH_MESSAGES, type SavedSearch, STAFF_PRIVILEGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRowsOfSaved,
  PERSON_CRITERIA,
  PERSON_CRITERIA_STORED,
  saveBody,
} from '../../../test/fixtures/saved-search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { savedSearches } from '../../db/schema/index';

/** The company's search reports: GET/POST/PUT /api/reports/custom, DELETE …/:id (GET …/:id runs one). */
const URL = '/api/reports/custom';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
/** REPORT_CREATE. */
let author: Record<string, string>;
/** Another user of the company with REPORT_CREATE. */
let editor: Record<string, string>;
/** Staff privileges plus REPORT_PRINT: runs and lists reports, changes none. */
let printer: Record<string, string>;
/** Staff privileges: no report privilege. */
let staff: Record<string, string>;
let outsider: Record<string, string>;

const create = (payload: object, headers = author) => t.inject({ method: 'POST', url: URL, headers, payload });
const update = (payload: object, headers = author) => t.inject({ method: 'PUT', url: URL, headers, payload });
const remove = (id: string, headers = author) => t.inject({ method: 'DELETE', url: `${URL}/${id}`, headers });
const list = (headers = printer, query = '?psz=100') => t.inject({ method: 'GET', url: `${URL}${query}`, headers });

async function report(name: string, headers = author): Promise<SavedSearch> {
  const response = await create(saveBody({ name }), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedSearch>();
}

async function storedRow(id: string) {
  const [row] = await t.database.system((tx) => tx.select().from(savedSearches).where(eq(savedSearches.id, id)));
  return row;
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Report Co', concurrentUserCount: 50 });
  other = await t.createCompany({ name: 'Other Report Co' });
  author = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_CREATE'] }));
  editor = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_CREATE'] }));
  printer = await t.signIn(
    await t.createUser(company.accountId, { privileges: [...STAFF_PRIVILEGES, 'REPORT_PRINT'] }),
  );
  staff = await t.signIn(company.staff);
  outsider = await t.signIn(other.admin);
});
afterAll(() => t.close());

describe('POST /api/reports/custom', () => {
  it('saves a search report for the whole company, with a REPORT CREATE audit entry', async () => {
    const response = await create({
      name: ' Closed thefts ',
      description: 'Monthly',
      criteria: PERSON_CRITERIA,
      columns: ['number', 'status'],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SavedSearch>();
    expect(answer).toMatchObject({
      name: 'Closed thefts',
      description: 'Monthly',
      criteria: PERSON_CRITERIA_STORED,
      columns: ['number', 'status'],
      createUserName: expect.stringMatching(/^Test User /),
    });
    expect(await storedRow(answer.id)).toMatchObject({ accountId: company.accountId, target: 'report' });
    const audit = await auditRowsOfSaved(t, 'REPORT', answer.id);
    expect(audit).toEqual([
      expect.objectContaining({
        accountId: company.accountId,
        transactionType: 'CREATE',
        objectName: 'Closed thefts',
        objectData: expect.objectContaining({ criteria: PERSON_CRITERIA_STORED }),
      }),
    ]);
    // Recorded as a report only.
    expect(await auditRowsOfSaved(t, 'SEARCH', answer.id)).toEqual([]);
  });

  it('answers 400 with the Save Search texts', async () => {
    const cases: [object, string][] = [
      [saveBody({ name: '' }), SAVED_SEARCH_MESSAGES.nameRequired],
      [saveBody({ name: 'n'.repeat(101) }), SAVED_SEARCH_MESSAGES.nameMax],
      [saveBody({ description: 'd'.repeat(501) }), SAVED_SEARCH_MESSAGES.descriptionMax],
      [saveBody({ criteria: {} }), 'Please add a search criteria.'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
  });
});

describe('GET /api/reports/custom', () => {
  it("pages the company's reports, whoever saved them, newest first; never another company's or a dashboard search", async () => {
    const fresh = await t.createCompany({ name: 'Fresh reports' });
    const freshAuthor = await t.signIn(await t.createUser(fresh.accountId, { privileges: ['REPORT_CREATE'] }));
    const freshEditor = await t.signIn(await t.createUser(fresh.accountId, { privileges: ['REPORT_CREATE'] }));
    const freshReader = await t.signIn(await t.createUser(fresh.accountId, { privileges: ['REPORT_PRINT'] }));
    await report('Alpha', freshAuthor);
    await report('Beta', freshEditor);
    await report('Gamma', freshAuthor);
    await report('Foreign', outsider);
    const dashboard = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/custom',
      headers: await t.signIn(fresh.admin),
      payload: saveBody({ name: 'Dashboard only' }),
    });
    expect(dashboard.statusCode).toBe(200);
    const first = await list(freshReader, '?p=0&psz=2');
    expect(first.statusCode).toBe(200);
    expect(first.json<Page<SavedSearch>>()).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.json<Page<SavedSearch>>().items.map((r) => r.name)).toEqual(['Gamma', 'Beta']);
    const second = (await list(freshReader, '?p=1&psz=2')).json<Page<SavedSearch>>();
    expect(second.items.map((r) => r.name)).toEqual(['Alpha']);
    // REPORT_CREATE alone lists them too.
    expect((await list(freshEditor)).json<Page<SavedSearch>>().total).toBe(3);
  });

  it('answers 403 to staff without REPORT_PRINT and REPORT_CREATE', async () => {
    const response = await list(staff);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
  });
});

describe('PUT /api/reports/custom', () => {
  it("lets any holder of REPORT_CREATE change the company's report; its creator stays; REPORT UPDATE audit entry", async () => {
    const original = await report('Weekly');
    const response = await update(
      { id: original.id, name: 'Weekly (edited)', description: 'By the editor', criteria: PERSON_CRITERIA },
      editor,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<SavedSearch>()).toMatchObject({
      id: original.id,
      name: 'Weekly (edited)',
      description: 'By the editor',
      criteria: PERSON_CRITERIA_STORED,
      columns: [],
      creationDate: original.creationDate,
      createUserName: original.createUserName,
    });
    const audit = await auditRowsOfSaved(t, 'REPORT', original.id);
    expect(audit.map((row) => [row.transactionType, row.objectName])).toEqual([
      ['CREATE', 'Weekly'],
      ['UPDATE', 'Weekly (edited)'],
    ]);
    expect(audit[0]?.createUserId).not.toBe(audit[1]?.createUserId);
  });

  it("answers 404 for another company's report, a dashboard search or an unknown id", async () => {
    const foreign = await report('Foreign weekly', outsider);
    const dashboard = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/custom',
      headers: await t.signIn(company.admin),
      payload: saveBody({ name: 'Admin dashboard' }),
    });
    for (const id of [foreign.id, dashboard.json<SavedSearch>().id, randomUUID()]) {
      const response = await update({ ...saveBody({ name: 'Hijacked' }), id });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
    }
    expect((await storedRow(foreign.id))?.name).toBe('Foreign weekly');
    expect((await storedRow(dashboard.json<SavedSearch>().id))?.name).toBe('Admin dashboard');
  });

  it('answers 403 to a user with REPORT_PRINT only, and changes nothing', async () => {
    const kept = await report('Kept');
    const response = await update({ ...saveBody({ name: 'Printer edit' }), id: kept.id }, printer);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    expect((await storedRow(kept.id))?.name).toBe('Kept');
  });
});

describe('DELETE /api/reports/custom/:id', () => {
  it("deletes the company's report for any holder of REPORT_CREATE, with a REPORT DELETE audit entry", async () => {
    const doomed = await report('Doomed report');
    const response = await remove(doomed.id, editor);
    expect(response.statusCode).toBe(204);
    expect(await storedRow(doomed.id)).toBeUndefined();
    const audit = await auditRowsOfSaved(t, 'REPORT', doomed.id);
    expect(audit.map((row) => [row.transactionType, row.objectName])).toEqual([
      ['CREATE', 'Doomed report'],
      ['DELETE', 'Doomed report'],
    ]);
  });

  it("answers 404 for another company's report or an unknown id; 403 to REPORT_PRINT; 400 to a bad id", async () => {
    const foreign = await report('Foreign keep', outsider);
    for (const id of [foreign.id, randomUUID()]) {
      const response = await remove(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
    }
    expect(await storedRow(foreign.id)).toBeDefined();
    const own = await report('Printer cannot delete');
    expect((await remove(own.id, printer)).statusCode).toBe(403);
    expect(await storedRow(own.id)).toBeDefined();
    expect((await remove('x1')).json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
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

  it('answers 403 to staff on every call, and to REPORT_PRINT on every change', async () => {
    for (const call of calls()) {
      const response = await t.inject({ ...call, headers: staff });
      expect(response.statusCode, `staff ${call.method}`).toBe(403);
    }
    for (const call of calls().filter((c) => c.method !== 'GET')) {
      const response = await t.inject({ ...call, headers: printer });
      expect(response.statusCode, `printer ${call.method}`).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
  });
});
