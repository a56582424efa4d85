import { randomUUID } from 'node:crypto';
import { type Attachment, type AttachmentRef, PART_MESSAGES } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image, PDF } from '../../../../test/file-fixtures';
import { principalOf } from '../../../../test/principal';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { form, insertDraft, insertIncident } from '../../../../test/uploads';
import { attachments, auditEntries, incidentHistory } from '../../../db/schema/index';
import { ATTACHMENT_MESSAGES, linkAttachments } from './attachments.service';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let staff: Record<string, string>;
let draft: string;

const upload = async (incidentId: string, h = staff, data: Buffer = PDF): Promise<Attachment> => {
  const response = await t.inject({
    method: 'POST',
    url: '/api/incidents/attachments',
    headers: h,
    payload: form({ incidentId, name: 'Attachment 1' }, { data, name: 'file.bin' }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Attachment>();
};
const keyOf = (url: string | null) => decodeURIComponent(url?.split('?')[0]?.replace('/api/files/', '') ?? '');
const remove = (id: string, h = staff) =>
  t.inject({ method: 'DELETE', url: `/api/incidents/attachments/${id}`, headers: h });
const historyActions = async (incidentId: string) =>
  (
    await t.database.system((tx) =>
      tx
        .select({ actionType: incidentHistory.actionType })
        .from(incidentHistory)
        .where(eq(incidentHistory.incidentId, incidentId))
        .orderBy(incidentHistory.createdAt),
    )
  ).map((row) => row.actionType);
const rename = (payload: { id: string; name: string; comments: string }, h = staff) =>
  t.inject({ method: 'PUT', url: '/api/incidents/attachments', headers: h, payload });
const rowOf = async (id: string) =>
  (await t.database.system((tx) => tx.select().from(attachments).where(eq(attachments.id, id))))[0];

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Changes A' });
  b = await t.createCompany({ name: 'Changes B' });
  staff = await t.signIn(a.staff);
  draft = await insertDraft(t, a.staff);
});
afterAll(() => t.close());

describe('PUT /api/incidents/attachments', () => {
  it('renames and describes an attachment and answers it', async () => {
    const attachment = await upload(draft);
    const response = await rename({ id: attachment.id, name: '  Front door  ', comments: 'Taken at 9 pm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...attachment,
      name: 'Front door',
      comments: 'Taken at 9 pm',
      sasKey: expect.any(String),
    });
  });

  it("answers 404 to another company's or another user's attachment and 400 to bad input", async () => {
    const theirs = await upload(await insertDraft(t, b.staff), await t.signIn(b.staff));
    const adminDraft = await insertDraft(t, a.admin);
    const colleagues = await upload(adminDraft, await t.signIn(a.admin));
    for (const id of [theirs.id, colleagues.id, randomUUID()]) {
      const response = await t.inject({
        method: 'PUT',
        url: '/api/incidents/attachments',
        headers: staff,
        payload: { id, name: 'x' },
      });
      expect(response.statusCode, id).toBe(404);
    }
    const mine = await upload(draft);
    for (const [payload, message] of [
      [{ id: mine.id, name: '' }, PART_MESSAGES.nameRequired],
      [{ id: mine.id, name: 'x'.repeat(101) }, PART_MESSAGES.attachmentNameMax],
      [{ id: mine.id, name: 'x', comments: 'x'.repeat(501) }, PART_MESSAGES.attachmentCommentsMax],
      [{ id: 'abc', name: 'x' }, 'Invalid id'],
    ] as const) {
      const response = await t.inject({ method: 'PUT', url: '/api/incidents/attachments', headers: staff, payload });
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await rowOf(theirs.id))?.name).toBe('Attachment 1');
  });
});

describe('DELETE /api/incidents/attachments/:id', () => {
  it('deletes an attachment of a draft and its stored files', async () => {
    const attachment = await upload(draft, staff, await image('png'));
    const keys = [keyOf(attachment.sasKey), keyOf(attachment.thumbnailSasKey)];
    for (const key of keys) expect(t.storage.files.has(key), key).toBe(true);
    const response = await remove(attachment.id);
    expect(response.statusCode).toBe(204);
    expect(await rowOf(attachment.id)).toBeUndefined();
    for (const key of keys) expect(t.storage.files.has(key), key).toBe(false);
    expect((await remove(attachment.id)).statusCode).toBe(404);
  });

  it(`refuses a stored attachment without DELETE_ATTACHMENT: 403 '${ATTACHMENT_MESSAGES.deleteForbidden}'`, async () => {
    const incident = await insertIncident(t, a.staff);
    const stored = await upload(incident);
    const refused = await remove(stored.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: ATTACHMENT_MESSAGES.deleteForbidden });
    expect(await rowOf(stored.id)).toBeDefined();
    expect(t.storage.files.has(keyOf(stored.sasKey))).toBe(true);

    const allowed = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_EDIT', 'DELETE_ATTACHMENT'] }),
    );
    expect((await remove(stored.id, allowed)).statusCode).toBe(204);
    expect(t.storage.files.has(keyOf(stored.sasKey))).toBe(false);
    const audit = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, incident), eq(auditEntries.transactionType, 'DELETE_ATTACHMENT'))),
    );
    expect(audit).toHaveLength(1);
    expect(await historyActions(incident)).toEqual(['ADD_ATTACHMENT', 'DELETE_ATTACHMENT']);
  });

  it('records adding and renaming on an incident as history entries whose snapshots follow the files', async () => {
    const incident = await insertIncident(t, a.staff);
    const stored = await upload(incident);
    const renamed = await rename({ id: stored.id, name: 'Receipt', comments: '' });
    expect(renamed.statusCode).toBe(200);
    const rows = await t.database.system((tx) =>
      tx
        .select()
        .from(incidentHistory)
        .where(eq(incidentHistory.incidentId, incident))
        .orderBy(incidentHistory.createdAt),
    );
    expect(rows.map((row) => row.actionType)).toEqual(['ADD_ATTACHMENT', 'EDIT_ATTACHMENT']);
    const names = rows.map((row) =>
      (row.snapshot as { attachments: { name: string }[] }).attachments.map((x) => x.name),
    );
    expect(names).toEqual([['Attachment 1'], ['Receipt']]);
    const audit = await t.database.system((tx) =>
      tx.select().from(auditEntries).where(eq(auditEntries.objectId, incident)),
    );
    expect(audit.map((entry) => entry.transactionType).sort()).toEqual(['ADD_ATTACHMENT', 'EDIT_ATTACHMENT']);
    expect(audit.every((entry) => rows.some((row) => row.id === entry.objectHistoryId))).toBe(true);
  });

  it('writes no history for the attachments of a draft', async () => {
    const own = await insertDraft(t, a.staff);
    const attachment = await upload(own);
    expect((await remove(attachment.id)).statusCode).toBe(204);
    const history = await t.database.system((tx) => tx.select().from(incidentHistory));
    expect(history.some((row) => row.incidentId === own)).toBe(false);
  });

  it("answers 404 to another company's attachment and leaves it alone", async () => {
    const theirs = await upload(await insertDraft(t, b.staff), await t.signIn(b.staff));
    expect((await remove(theirs.id)).statusCode).toBe(404);
    expect(await rowOf(theirs.id)).toBeDefined();
    const reader = await t.signIn(await t.createUser(a.accountId, { privileges: ['MYINCIDENT_SEARCH'] }));
    expect((await remove(randomUUID(), reader)).statusCode).toBe(403);
  });
});

describe('linkAttachments', () => {
  const link = (
    target: { incidentId: string; draftId: string | null },
    refs: (Partial<AttachmentRef> & { id: string })[],
  ) =>
    t.database.tenant(a.accountId, (tx) =>
      linkAttachments(
        tx,
        principalOf(a.staff, 'Changes A'),
        target,
        refs.map(
          (ref): AttachmentRef => ({
            name: 'Attachment',
            comments: '',
            incidentItemId: null,
            incidentVehicleId: null,
            ...ref,
          }),
        ),
      ),
    );

  it("moves the draft's attachments to the incident with the form's names and stamps them stored", async () => {
    const working = await insertDraft(t, a.staff);
    const incident = await insertIncident(t, a.staff);
    const first = await upload(working);
    const second = await upload(working);
    const already = await upload(incident);
    const item = randomUUID();
    await link({ incidentId: incident, draftId: working }, [
      { id: first.id, name: 'Receipt', comments: 'From the till', incidentItemId: item },
      { id: second.id, name: 'Second' },
      { id: already.id, name: 'Renamed' },
    ]);
    const one = await rowOf(first.id);
    expect(one).toMatchObject({ incidentId: incident, draftId: null, name: 'Receipt', comments: 'From the till' });
    expect(one?.incidentItemId).toBe(item);
    expect(one?.creationDate).toBeInstanceOf(Date);
    expect(await rowOf(already.id)).toMatchObject({
      name: 'Renamed',
      creationDate: new Date(already.creationDate ?? ''),
    });
  });

  it("refuses ids of another draft or company with 400 'Unknown attachment.' and changes nothing", async () => {
    const working = await insertDraft(t, a.staff);
    const incident = await insertIncident(t, a.staff);
    const mine = await upload(working);
    const otherDraft = await upload(await insertDraft(t, a.staff));
    const theirs = await upload(await insertDraft(t, b.staff), await t.signIn(b.staff));
    for (const stranger of [otherDraft.id, theirs.id, randomUUID()]) {
      const attempt = link({ incidentId: incident, draftId: working }, [{ id: mine.id }, { id: stranger }]);
      await expect(attempt).rejects.toMatchObject({ status: 400, message: 'Unknown attachment.' });
    }
    expect(await rowOf(mine.id)).toMatchObject({ draftId: working, incidentId: null, creationDate: null });
    await link({ incidentId: incident, draftId: working }, []);
  });
});
