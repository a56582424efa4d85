import { randomUUID } from 'node:crypto';
import { type Draft, type DraftRow, type Page, type Privilege, STAFF_PRIVILEGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, incidentForm, personCard } from '../../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../../test/test-app';
import { attachments, draftIncidents } from '../../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let refs: CompanyRefs;
let writer: TestUser;
let headers: Record<string, string>;

const save = (payload: unknown, h = headers) =>
  t.inject({ method: 'PUT', url: '/api/draftIncidents', headers: h, payload: payload as Record<string, unknown> });
const read = (id: string, h = headers) => t.inject({ method: 'GET', url: `/api/draftIncidents/${id}`, headers: h });
const remove = (id: string, h = headers) =>
  t.inject({ method: 'DELETE', url: `/api/draftIncidents/${id}`, headers: h });

/** A draft inserted directly, for users who could not create one through the API. */
async function insertDraft(user: TestUser, status = 0) {
  const [row] = await t.database.system((tx) =>
    tx
      .insert(draftIncidents)
      .values({ accountId: user.accountId, userId: user.id, status })
      .returning({ id: draftIncidents.id }),
  );
  if (!row) throw new Error('no draft');
  return row.id;
}

async function userWith(privileges: readonly Privilege[]) {
  const user = await t.createUser(company.accountId, { privileges });
  return { user, headers: await t.signIn(user) };
}

const draftRow = async (id: string) =>
  (await t.database.system((tx) => tx.select().from(draftIncidents).where(eq(draftIncidents.id, id))))[0];

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Save Co', concurrentUserCount: 100 });
  other = await t.createCompany({ name: 'Other Co' });
  refs = await companyRefs(t.database, company.accountId);
  writer = await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES });
  headers = await t.signIn(writer);
});
afterAll(() => t.close());

describe('PUT /api/draftIncidents', () => {
  it('saves the whole data and answers the id and the new last update date', async () => {
    const draft = (await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} })).json<Draft>();
    const data = incidentForm(refs, { persons: 3, vehicles: 2, items: 2 });
    const response = await save({ id: draft.id, data });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ id: string; lastUpdateDate: string }>();
    expect(saved).toEqual({ id: draft.id, lastUpdateDate: expect.any(String) });
    expect(Date.parse(saved.lastUpdateDate)).toBeGreaterThan(Date.parse(draft.lastUpdateDate));
    const back = (await read(draft.id)).json<Draft>();
    expect(back.data).toEqual(data);
    expect(back.lastUpdateDate).toBe(saved.lastUpdateDate);
    expect((await draftRow(draft.id))?.lastClassId).toBe(refs.incidentClass);
    const list = await t.inject({ method: 'GET', url: '/api/draftIncidents', headers });
    expect(list.json<Page<DraftRow>>().items.find((row) => row.id === draft.id)?.lastClassId).toBe(refs.incidentClass);
  });

  it('keeps incomplete work (a draft needs no date, class or names)', async () => {
    const id = await insertDraft(writer);
    const data = { persons: [{ id: randomUUID() }], companies: [{ id: randomUUID() }] };
    const response = await save({ id, data });
    expect(response.statusCode, response.body).toBe(200);
    const back = (await read(id)).json<Draft>();
    expect(back.data.persons[0]).toMatchObject({ firstName: '', countryCode: 'CA' });
    expect(back.data.reportedDate).toBeNull();
  });

  it('never stores a script: rich text is reduced to the editor markup', async () => {
    const id = await insertDraft(writer);
    const data = incidentForm(refs, { correctiveActions: 1 });
    data.summary = '<p>Hello<script>alert(1)</script></p><img src=x onerror="alert(1)">';
    data.causeComments = '<p onclick="alert(1)"><a href="javascript:alert(1)">x</a></p>';
    const action = data.correctiveActions[0];
    if (action) action.details = '<p>ok</p><iframe src="https://evil.example"></iframe>';
    expect((await save({ id, data })).statusCode).toBe(200);
    const back = (await read(id)).json<Draft>();
    expect(back.data.summary).toBe('<p>Hello</p>');
    expect(back.data.causeComments).toBe('<p><a rel="noopener noreferrer" target="_blank">x</a></p>');
    expect(back.data.correctiveActions[0]?.details).toBe('<p>ok</p>');
    expect(JSON.stringify((await draftRow(id))?.data)).not.toMatch(/script|onerror|onclick|iframe|javascript/);
  });

  it('answers 400 with the first message for bad data', async () => {
    const id = await insertDraft(writer);
    const cases: [unknown, string][] = [
      [{ id: 'abc', data: {} }, 'Invalid id'],
      [{ id, data: { persons: [personCard(refs, 0, { email: 'not-an-email' })] } }, 'Enter a valid email address.'],
      [
        { id, data: { persons: [personCard(refs, 0, { firstName: 'x'.repeat(101) })] } },
        'First name must be at most 100 characters.',
      ],
      [{ id, data: { summary: `<p>${'x'.repeat(10_001)}</p>` } }, 'Summary must be at most 10000 characters.'],
      [{ id, data: { location: { cityId: 'Toronto' } } }, 'invalid cityId'],
    ];
    for (const [payload, message] of cases) {
      const response = await save(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
  });

  it("answers 404 for another user's draft, another company's draft and an unknown id, and changes none", async () => {
    const colleagues = await insertDraft(company.staff);
    const foreign = await insertDraft(other.staff);
    for (const id of [colleagues, foreign, randomUUID()]) {
      const response = await save({ id, data: { summary: '<p>taken over</p>' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Draft not found.' });
    }
    expect((await draftRow(colleagues))?.data).toEqual({});
    expect((await draftRow(foreign))?.data).toEqual({});
  });

  it('needs MYINCIDENT_ADD for a draft and MYINCIDENT_EDIT or ALLINCIDENT_EDIT for an open-draft', async () => {
    const editor = await userWith(['MYINCIDENT_EDIT']);
    const adder = await userWith(['MYINCIDENT_ADD']);
    const allEditor = await userWith(['ALLINCIDENT_EDIT']);
    const cases: [typeof editor, number, number][] = [
      [editor, 0, 403],
      [editor, 3, 200],
      [adder, 0, 200],
      [adder, 3, 403],
      [allEditor, 3, 200],
    ];
    for (const [who, status, expected] of cases) {
      const id = await insertDraft(who.user, status);
      const response = await save({ id, data: { summary: '<p>x</p>' } }, who.headers);
      expect(response.statusCode, `status ${status}`).toBe(expected);
      if (expected === 403) expect((await draftRow(id))?.data).toEqual({});
    }
    const none = await userWith(['MYINCIDENT_SEARCH']);
    const refused = await save({ id: await insertDraft(none.user), data: {} }, none.headers);
    expect(refused.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      payload: { id: randomUUID(), data: {} },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/draftIncidents/:id', () => {
  it("answers the user's own draft with its data, filling defaults of an older shape", async () => {
    const id = await insertDraft(writer);
    const response = await read(id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Draft>()).toMatchObject({ id, status: 0, incidentId: null, data: { persons: [] } });
  });

  it("answers 404 for a colleague's draft (drafts are visible only to their creator), another company's and unknown ids", async () => {
    for (const id of [await insertDraft(company.admin), await insertDraft(other.admin), randomUUID()]) {
      const response = await read(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Draft not found.' });
    }
    expect((await read(await insertDraft(company.admin), await t.signIn(company.admin))).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await read('abc')).json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
    expect((await t.inject({ method: 'GET', url: `/api/draftIncidents/${randomUUID()}` })).statusCode).toBe(401);
  });
});

describe('DELETE /api/draftIncidents/:id', () => {
  async function upload(draftId: string, withThumbnail: boolean) {
    const fileKey = `drafts/${randomUUID()}.jpg`;
    const thumbnailKey = withThumbnail ? `thumbnails/${randomUUID()}.jpg` : null;
    t.storage.files.set(fileKey, Buffer.from('file'));
    if (thumbnailKey) t.storage.files.set(thumbnailKey, Buffer.from('thumb'));
    await t.database.system((tx) =>
      tx.insert(attachments).values({
        accountId: company.accountId,
        draftId,
        name: 'Photo',
        fileKey,
        thumbnailKey,
        fileName: 'photo.jpg',
        fileType: 'image/jpeg',
        fileSize: 4,
        attachmentType: 'IMAGE',
      }),
    );
    return [fileKey, ...(thumbnailKey ? [thumbnailKey] : [])];
  }

  it('deletes the draft with its uploaded attachments and their stored files', async () => {
    const id = await insertDraft(writer);
    const keys = [...(await upload(id, true)), ...(await upload(id, false))];
    const keep = await insertDraft(writer);
    const kept = await upload(keep, true);
    const response = await remove(id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await draftRow(id)).toBeUndefined();
    const left = await t.database.system((tx) => tx.select().from(attachments).where(eq(attachments.draftId, id)));
    expect(left).toEqual([]);
    for (const key of keys) expect(t.storage.files.has(key), key).toBe(false);
    for (const key of kept) expect(t.storage.files.has(key), key).toBe(true);
    expect((await read(id)).statusCode).toBe(404);
  });

  it("answers 404 for a colleague's or another company's draft and deletes neither", async () => {
    const colleagues = await insertDraft(company.staff);
    const foreign = await insertDraft(other.staff);
    for (const id of [colleagues, foreign, randomUUID()]) {
      const response = await remove(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Draft not found.' });
    }
    expect(await draftRow(colleagues)).toBeDefined();
    expect(await draftRow(foreign)).toBeDefined();
  });

  it('answers 403 to a user without any incident add or edit privilege, 401 without a session', async () => {
    const none = await userWith(['MYINCIDENT_SEARCH', 'REPORT_PRINT']);
    const id = await insertDraft(none.user);
    expect((await remove(id, none.headers)).statusCode).toBe(403);
    expect(await draftRow(id)).toBeDefined();
    expect((await t.inject({ method: 'DELETE', url: `/api/draftIncidents/${id}` })).statusCode).toBe(401);
  });
});
