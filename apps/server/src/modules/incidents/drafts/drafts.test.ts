import { type DraftRow, type Page, PRIVILEGES, STAFF_PRIVILEGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { draftIncidents, incidents, workgroups } from '../../../db/schema/index';

const STATUS_MESSAGE = 'status must be 0 (draft) or 3 (editing)';

let t: TestContext;
let company: TestCompany;
let staffHeaders: Record<string, string>;
/** The staff user's drafts by name: new drafts (0) and an incident being edited (3). */
const mine: Record<'oldDraft' | 'newDraft' | 'editing', string> = { oldDraft: '', newDraft: '', editing: '' };
let adminDraft: string;
let nextNumber = 1;

const drafts = (query = '', headers = staffHeaders) =>
  t.inject({ method: 'GET', url: `/api/draftIncidents${query}`, headers });

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany();
  staffHeaders = await t.signIn(company.staff);
  const insert = async (values: Omit<typeof draftIncidents.$inferInsert, 'accountId'>) => {
    const [row] = await t.database.system((tx) =>
      tx
        .insert(draftIncidents)
        .values({ accountId: company.accountId, ...values })
        .returning({ id: draftIncidents.id }),
    );
    return row?.id ?? '';
  };
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  mine.oldDraft = await insert({ userId: company.staff.id, status: 0, createdAt: at(90), updatedAt: at(60) });
  mine.editing = await insert({ userId: company.staff.id, status: 3, number: 7, createdAt: at(50), updatedAt: at(30) });
  mine.newDraft = await insert({ userId: company.staff.id, status: 0, createdAt: at(20), updatedAt: at(5) });
  adminDraft = await insert({ userId: company.admin.id, status: 0, updatedAt: at(1) });
});
afterAll(() => t.close());

type DraftPage = Page<DraftRow>;
const ids = (response: { json<T>(): T }) => response.json<DraftPage>().items.map((row) => row.id);

describe('GET /api/draftIncidents', () => {
  it("answers the first page of the caller's own drafts, last changed first, with the total", async () => {
    const response = await drafts();
    expect(response.statusCode).toBe(200);
    const page = response.json<DraftPage>();
    expect(page).toMatchObject({ total: 3, page: 0, pageSize: 10 });
    expect(ids(response)).toEqual([mine.newDraft, mine.editing, mine.oldDraft]);
    expect(ids(response)).not.toContain(adminDraft);
    expect(page.items[1]).toEqual({
      id: mine.editing,
      creationDate: expect.any(String),
      lastUpdateDate: expect.any(String),
      lastClassId: null,
      number: 7,
      status: 3,
    });
    expect(Date.parse(page.items[1]?.lastUpdateDate ?? '')).toBeGreaterThan(
      Date.parse(page.items[1]?.creationDate ?? ''),
    );

    const admin = await drafts('', await t.signIn(company.admin));
    expect(admin.json<DraftPage>()).toMatchObject({ total: 1, items: [{ id: adminDraft }] });
  });

  it('pages with p (from 0) and psz; a page past the end is empty and still counts the total', async () => {
    const first = await drafts('?psz=2');
    expect(first.json<DraftPage>()).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(ids(first)).toEqual([mine.newDraft, mine.editing]);
    const second = await drafts('?p=1&psz=2');
    expect(second.json<DraftPage>()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(ids(second)).toEqual([mine.oldDraft]);
    const beyond = await drafts('?p=5');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json<DraftPage>()).toEqual({ items: [], total: 3, page: 5, pageSize: 10 });
  });

  it('filters by status 0 (draft) and 3 (editing), the total too', async () => {
    const newOnes = await drafts('?status=0');
    expect(newOnes.statusCode).toBe(200);
    expect(ids(newOnes)).toEqual([mine.newDraft, mine.oldDraft]);
    expect(newOnes.json<DraftPage>().total).toBe(2);
    const editing = await drafts('?status=3&psz=1');
    expect(editing.json<DraftPage>()).toMatchObject({ total: 1, items: [{ id: mine.editing }] });
  });

  it(`answers 400 '${STATUS_MESSAGE}' to any other status`, async () => {
    for (const status of ['5', '1', 'abc', '0.5']) {
      const response = await drafts(`?status=${status}`);
      expect(response.statusCode, status).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: STATUS_MESSAGE });
    }
  });

  it('answers 400 with a clear message to a bad p or psz', async () => {
    const cases: [string, string][] = [
      ['?p=-1', 'p must be a page number from 0'],
      ['?p=abc', 'p must be a page number from 0'],
      ['?p=1.5', 'p must be a page number from 0'],
      ['?psz=0', 'psz must be a page size from 1 to 100'],
      ['?psz=101', 'psz must be a page size from 1 to 100'],
      ['?psz=ten', 'psz must be a page size from 1 to 100'],
    ];
    for (const [query, message] of cases) {
      const response = await drafts(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ code: 'BAD_REQUEST', message });
    }
  });

  it('answers an empty page to a user without drafts', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const response = await drafts('', await t.signIn(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], total: 0, page: 0, pageSize: 10 });
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/draftIncidents' });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/draftIncidents/counts', () => {
  it("counts the caller's own new drafts and incidents being edited, nobody else's", async () => {
    const response = await t.inject({ method: 'GET', url: '/api/draftIncidents/counts', headers: staffHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ draft: 2, editing: 1 });
    const admin = await t.inject({
      method: 'GET',
      url: '/api/draftIncidents/counts',
      headers: await t.signIn(company.admin),
    });
    expect(admin.json()).toEqual({ draft: 1, editing: 0 });
  });

  it("counts nothing of another company's drafts", async () => {
    const other = await t.createCompany();
    const response = await t.inject({
      method: 'GET',
      url: '/api/draftIncidents/counts',
      headers: await t.signIn(other.staff),
    });
    expect(response.json()).toEqual({ draft: 0, editing: 0 });
    expect((await drafts('', await t.signIn(other.staff))).json<DraftPage>().total).toBe(0);
  });
});

describe('working copies of incidents the user can no longer see', () => {
  it('are neither listed nor counted (a locked incident, privileges taken away)', async () => {
    const user = await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES });
    const headers = await t.signIn(user);
    const incidentOf = async (values: Partial<typeof incidents.$inferInsert>) => {
      const [row] = await t.database.system((tx) =>
        tx
          .insert(incidents)
          .values({ accountId: company.accountId, number: nextNumber++, createUserId: user.id, ...values })
          .returning({ id: incidents.id }),
      );
      return row?.id ?? '';
    };
    const copyOf = async (incidentId: string) => {
      const [row] = await t.database.system((tx) =>
        tx
          .insert(draftIncidents)
          .values({ accountId: company.accountId, userId: user.id, incidentId, status: 3 })
          .returning({ id: draftIncidents.id }),
      );
      return row?.id ?? '';
    };
    const visible = await copyOf(await incidentOf({}));
    const locked = await copyOf(await incidentOf({ locked: true }));
    // Entered by someone else and no longer assigned to the user: own-incident privileges do not show it.
    const foreign = await copyOf(await incidentOf({ createUserId: company.admin.id }));

    const listed = await drafts('', headers);
    expect(ids(listed)).toEqual([visible]);
    expect(listed.json<DraftPage>().total).toBe(1);
    const counts = await t.inject({ method: 'GET', url: '/api/draftIncidents/counts', headers });
    expect(counts.json()).toEqual({ draft: 0, editing: 1 });
    for (const id of [locked, foreign]) {
      expect((await t.inject({ method: 'GET', url: `/api/draftIncidents/${id}`, headers })).statusCode).toBe(404);
    }

    // With every privilege (and INCIDENT_LOCK) the same user sees all three again.
    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: [...PRIVILEGES] })
        .where(eq(workgroups.id, user.workgroupId)),
    );
    const all = await drafts('', headers);
    expect(ids(all).sort()).toEqual([visible, locked, foreign].sort());
  });
});
