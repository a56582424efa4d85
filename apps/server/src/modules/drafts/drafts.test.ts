import type { DraftRow } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { draftIncidents } from '../../db/schema/index';

const STATUS_MESSAGE = 'status must be 0 (draft) or 3 (editing)';

let t: TestContext;
let company: TestCompany;
let staffHeaders: Record<string, string>;
/** The staff user's drafts by name: new drafts (0) and an incident being edited (3). */
const mine: Record<'oldDraft' | 'newDraft' | 'editing', string> = { oldDraft: '', newDraft: '', editing: '' };
let adminDraft: string;

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

describe('GET /api/draftIncidents', () => {
  it("lists only the caller's own drafts, last changed first", async () => {
    const response = await drafts();
    expect(response.statusCode).toBe(200);
    const rows = response.json<DraftRow[]>();
    expect(rows.map((row) => row.id)).toEqual([mine.newDraft, mine.editing, mine.oldDraft]);
    expect(rows.map((row) => row.id)).not.toContain(adminDraft);
    expect(rows[1]).toEqual({
      id: mine.editing,
      creationDate: expect.any(String),
      lastUpdateDate: expect.any(String),
      lastClassId: null,
      number: 7,
      status: 3,
    });
    expect(Date.parse(rows[1]?.lastUpdateDate ?? '')).toBeGreaterThan(Date.parse(rows[1]?.creationDate ?? ''));

    const admin = await drafts('', await t.signIn(company.admin));
    expect(admin.json<DraftRow[]>().map((row) => row.id)).toEqual([adminDraft]);
  });

  it('filters by status 0 (draft) and 3 (editing)', async () => {
    const newOnes = await drafts('?status=0');
    expect(newOnes.statusCode).toBe(200);
    expect(newOnes.json<DraftRow[]>().map((row) => row.id)).toEqual([mine.newDraft, mine.oldDraft]);
    const editing = await drafts('?status=3');
    expect(editing.json<DraftRow[]>().map((row) => row.id)).toEqual([mine.editing]);
  });

  it(`answers 400 '${STATUS_MESSAGE}' to any other status`, async () => {
    for (const status of ['5', '1', 'abc', '0.5']) {
      const response = await drafts(`?status=${status}`);
      expect(response.statusCode, status).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: STATUS_MESSAGE });
    }
  });

  it('answers an empty list to a user without drafts', async () => {
    const user = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const response = await drafts('', await t.signIn(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/draftIncidents' });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});
