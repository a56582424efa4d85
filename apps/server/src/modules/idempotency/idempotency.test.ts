import { randomUUID } from 'node:crypto';
import {
  type Attachment,
  type Draft,
  IDEMPOTENCY_MESSAGES,
  type IncidentFields,
  STAFF_PRIVILEGES,
} from '@blotter/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image } from '../../../test/file-fixtures';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { form, insertIncident } from '../../../test/uploads';
import { accounts, attachments, draftIncidents, idempotencyKeys, incidents, workgroups } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let refs: CompanyRefs;
let otherRefs: CompanyRefs;
let staff: Record<string, string>;
let png: Buffer;

const post = (url: string, payload: unknown, headers: Record<string, string>, key?: string) =>
  t.inject({
    method: 'POST',
    url,
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });
const submit = (fields: unknown, key?: string, headers = staff) => post('/api/incidents', fields, headers, key);
/** A form whose summary names it, so its incidents can be counted. */
const namedForm = (name: string, r = refs): IncidentFields => ({ ...incidentForm(r), summary: `<p>${name}</p>` });
const incidentsNamed = async (name: string) =>
  (
    await t.database.system((tx) =>
      tx
        .select({ n: count() })
        .from(incidents)
        .where(sql`${incidents.summary} = ${`<p>${name}</p>`}`),
    )
  )[0]?.n;
const keysOf = (key: string) =>
  t.database.system((tx) => tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)));

async function newDraft(key?: string): Promise<Draft> {
  const response = await post('/api/draftIncidents', {}, staff, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Draft>();
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Outbox Co', concurrentUserCount: 100 });
  other = await t.createCompany({ name: 'Other Outbox Co', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, company.accountId);
  otherRefs = await companyRefs(t.database, other.accountId);
  staff = await t.signIn(company.staff);
  png = await image('png');
});
afterAll(() => t.close());

describe('POST /api/incidents with an Idempotency-Key', () => {
  it('creates one incident for the same key sent twice, and answers the first one again', async () => {
    const key = `${randomUUID()}:submit`;
    const fields = namedForm('twice');
    const first = await submit(fields, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await submit(fields, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await incidentsNamed('twice')).toBe(1);
    expect(await keysOf(key)).toEqual([
      expect.objectContaining({
        accountId: company.accountId,
        userId: company.staff.id,
        route: 'POST /incidents',
        requestHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        answer: first.json(),
      }),
    ]);
  });

  it("answers the first incident's id and number though its draft is gone by then", async () => {
    const draft = await newDraft(`${randomUUID()}:draft`);
    const key = `${randomUUID()}:submit`;
    const fields = { ...namedForm('from a draft'), draftId: draft.id };
    const first = await submit(fields, key);
    expect(first.statusCode, first.body).toBe(200);
    const drafts = await t.database.system((tx) =>
      tx.select().from(draftIncidents).where(eq(draftIncidents.id, draft.id)),
    );
    expect(drafts).toEqual([]);
    // Without the key the same body is refused, the draft being gone; with it, the first answer.
    expect((await submit(fields)).statusCode).toBe(404);
    const again = await submit(fields, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await incidentsNamed('from a draft')).toBe(1);
  });

  it('refuses the same key with another body, or on another route, with 409 and a clear message', async () => {
    const key = randomUUID();
    expect((await submit(namedForm('first body'), key)).statusCode).toBe(200);
    const changed = await submit(namedForm('second body'), key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    expect(await incidentsNamed('second body')).toBe(0);

    const elsewhere = await post('/api/draftIncidents', {}, staff, key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: IDEMPOTENCY_MESSAGES.otherRoute('POST /incidents'),
    });
  });

  it('creates one incident when the same call arrives twice at once', async () => {
    const key = randomUUID();
    const fields = namedForm('at once');
    const [a, b] = await Promise.all([submit(fields, key), submit(fields, key)]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json()).toEqual(b?.json());
    expect(await incidentsNamed('at once')).toBe(1);
  });

  it('leaves no key behind a first try that failed, so the retry creates the incident', async () => {
    const key = randomUUID();
    const fields = namedForm('after a failure');
    const setActive = (active: boolean) =>
      t.database.system((tx) => tx.update(accounts).set({ active }).where(eq(accounts.id, company.accountId)));
    await setActive(false);
    try {
      const refused = await submit(fields, key);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('ACCOUNT_DISABLED');
    } finally {
      await setActive(true);
    }
    expect(await keysOf(key)).toEqual([]);
    const retried = await submit(fields, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await incidentsNamed('after a failure')).toBe(1);
  });

  it('keeps the keys of another user and of another company apart', async () => {
    const key = randomUUID();
    const colleague = await t.signIn(await t.createUser(company.accountId, { privileges: STAFF_PRIVILEGES }));
    const stranger = await t.signIn(other.staff);
    const mine = await submit(namedForm('same key'), key);
    const theirs = await submit(namedForm('same key'), key, colleague);
    const foreign = await submit(namedForm('same key', otherRefs), key, stranger);
    for (const response of [mine, theirs, foreign]) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set([mine, theirs, foreign].map((r) => r.json<{ id: string }>().id));
    expect(ids.size).toBe(3);
    expect(await incidentsNamed('same key')).toBe(3);
    // The other company's key is not even readable in this company's transactions.
    const seen = await t.database.tenant(company.accountId, (tx) =>
      tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    );
    expect(seen.map((row) => row.accountId)).toEqual([company.accountId, company.accountId]);
  });

  it('refuses a header that is not 1 to 255 visible ASCII characters with 400, and creates nothing', async () => {
    for (const bad of ['', 'two words', 'x'.repeat(256)]) {
      const response = await submit(namedForm('bad key'), bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: IDEMPOTENCY_MESSAGES.invalidKey });
    }
    expect(await incidentsNamed('bad key')).toBe(0);
    expect((await submit(namedForm('long key'), 'k'.repeat(255))).statusCode).toBe(200);
  });

  it('works as before without the header: each call creates an incident', async () => {
    const fields = namedForm('no key');
    expect((await submit(fields)).statusCode).toBe(200);
    expect((await submit(fields)).statusCode).toBe(200);
    expect(await incidentsNamed('no key')).toBe(2);
  });
});

describe('POST /api/draftIncidents with an Idempotency-Key', () => {
  it('makes one draft and answers it, read again, to the retry', async () => {
    const key = `${randomUUID()}:draft`;
    const countDrafts = async () =>
      (
        await t.database.system((tx) =>
          tx.select({ n: count() }).from(draftIncidents).where(eq(draftIncidents.userId, company.staff.id)),
        )
      )[0]?.n ?? 0;
    const before = await countDrafts();
    const first = await newDraft(key);
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers: staff,
      payload: { id: first.id, data: { ...first.data, summary: '<p>Typed since.</p>' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await newDraft(key);
    expect(again.id).toBe(first.id);
    expect(again.data.summary).toBe('<p>Typed since.</p>');
    expect(await countDrafts()).toBe(before + 1);
  });
});

describe('POST /api/incidents/attachments with an Idempotency-Key', () => {
  const upload = (draftId: string, key: string | undefined, name = 'Photo 1', data = png) =>
    t.inject({
      method: 'POST',
      url: '/api/incidents/attachments',
      headers: key === undefined ? staff : { ...staff, 'idempotency-key': key },
      payload: form({ incidentId: draftId, name }, { data, name: 'photo.png', type: 'image/png' }),
    });
  const attachmentsOf = (draftId: string) =>
    t.database.system((tx) => tx.select().from(attachments).where(eq(attachments.draftId, draftId)));

  it('stores the file once and answers the attachment as it is now to the retry', async () => {
    const draft = await newDraft();
    const key = `${randomUUID()}:photo:1`;
    const first = await upload(draft.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const stored = t.storage.files.size;
    const renamed = await t.inject({
      method: 'PUT',
      url: '/api/incidents/attachments',
      headers: staff,
      payload: { id: first.json<Attachment>().id, name: 'Photo of the door', comments: '' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = await upload(draft.id, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(t.storage.files.size).toBe(stored);
    const answer = again.json<Attachment>();
    expect(answer).toMatchObject({ id: first.json<Attachment>().id, name: 'Photo of the door', draftId: draft.id });
    const served = await t.inject({ method: 'GET', url: answer.sasKey });
    expect(served.statusCode).toBe(200);
    expect(await attachmentsOf(draft.id)).toHaveLength(1);
  });

  it('refuses the same key with another file with 409, storing nothing', async () => {
    const draft = await newDraft();
    const key = `${randomUUID()}:photo:1`;
    expect((await upload(draft.id, key)).statusCode).toBe(200);
    const stored = t.storage.files.size;
    const otherFile = await upload(draft.id, key, 'Photo 1', await image('jpeg'));
    expect(otherFile.statusCode).toBe(409);
    expect(otherFile.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    const otherName = await upload(draft.id, key, 'Photo 2');
    expect(otherName.statusCode).toBe(409);
    expect(t.storage.files.size).toBe(stored);
    expect(await attachmentsOf(draft.id)).toHaveLength(1);
  });

  it('keeps one attachment and its files when the same upload arrives twice at once', async () => {
    const draft = await newDraft();
    const key = `${randomUUID()}:photo:1`;
    const stored = t.storage.files.size;
    const [a, b] = await Promise.all([upload(draft.id, key), upload(draft.id, key)]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json<Attachment>().id).toBe(b?.json<Attachment>().id);
    const rows = await attachmentsOf(draft.id);
    expect(rows).toHaveLength(1);
    // The file and its thumbnail, once: the loser's files are removed again.
    expect(t.storage.files.size).toBe(stored + 2);
    expect(t.storage.files.has(rows[0]?.fileKey ?? '')).toBe(true);
  });

  it('removes its own files and answers the winner when a duplicate claimed the key while it stored them', async () => {
    const draft = await newDraft();
    const key = `${randomUUID()}:photo:1`;
    const stored = t.storage.files.size;
    const put = t.storage.put;
    let winner: Promise<Awaited<ReturnType<typeof upload>>> | undefined;
    // The first upload checked the key (none yet); while it stores its file, the duplicate runs to the end.
    t.storage.put = async (fileKey, data) => {
      if (!winner) {
        winner = upload(draft.id, key);
        await winner;
      }
      return put(fileKey, data);
    };
    let loser: Awaited<ReturnType<typeof upload>>;
    try {
      loser = await upload(draft.id, key);
    } finally {
      t.storage.put = put;
    }
    const won = await winner;
    expect([won?.statusCode, loser.statusCode]).toEqual([200, 200]);
    expect(loser.json<Attachment>().id).toBe(won?.json<Attachment>().id);
    const rows = await attachmentsOf(draft.id);
    expect(rows).toHaveLength(1);
    expect(t.storage.files.size).toBe(stored + 2);
    expect(t.storage.files.has(rows[0]?.fileKey ?? '')).toBe(true);
    expect(t.storage.files.has(rows[0]?.thumbnailKey ?? '')).toBe(true);
  });

  it('refuses the retry as a fresh upload once the user may no longer edit the incident', async () => {
    const editor = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_EDIT'] });
    const headers = await t.signIn(editor);
    const incidentId = await insertIncident(t, company.admin);
    const key = `${randomUUID()}:photo:1`;
    const send = (withKey: boolean) =>
      t.inject({
        method: 'POST',
        url: '/api/incidents/attachments',
        headers: withKey ? { ...headers, 'idempotency-key': key } : headers,
        payload: form({ incidentId, name: 'Photo 1' }, { data: png, name: 'photo.png', type: 'image/png' }),
      });
    const first = await send(true);
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(true)).statusCode).toBe(200);

    // Edit taken away: the replay is refused as a fresh upload is, not answered from the key.
    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['MYINCIDENT_EDIT', 'ALLINCIDENT_SEARCH'] })
        .where(eq(workgroups.id, editor.workgroupId)),
    );
    const fresh = await send(false);
    expect([fresh.statusCode, fresh.json()]).toEqual([
      403,
      { code: 'FORBIDDEN', message: 'You do not have permission to edit this incident.' },
    ]);
    const replayed = await send(true);
    expect([replayed.statusCode, replayed.json()]).toEqual([fresh.statusCode, fresh.json()]);

    // Edit given back, but the incident closed meanwhile: the same 400 as a fresh upload.
    await t.database.system(async (tx) => {
      await tx
        .update(workgroups)
        .set({ privileges: ['ALLINCIDENT_EDIT'] })
        .where(eq(workgroups.id, editor.workgroupId));
      await tx.update(incidents).set({ status: 2 }).where(eq(incidents.id, incidentId));
    });
    const closed = await send(true);
    expect([closed.statusCode, closed.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'Cannot edit closed incident' },
    ]);
    const rows = await t.database.system((tx) =>
      tx.select().from(attachments).where(eq(attachments.incidentId, incidentId)),
    );
    expect(rows.map((row) => row.id)).toEqual([first.json<Attachment>().id]);
  });

  it('refuses a bad header with 400 before reading anything', async () => {
    const draft = await newDraft();
    const response = await upload(draft.id, 'not a key');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: IDEMPOTENCY_MESSAGES.invalidKey });
    expect(await attachmentsOf(draft.id)).toHaveLength(0);
  });
});

describe('the idempotency key sweeper', () => {
  it('deletes the keys older than 7 days and only those', async () => {
    const row = (key: string, daysAgo: number) => ({
      accountId: company.accountId,
      userId: company.staff.id,
      key,
      route: 'POST /incidents',
      requestHash: 'h',
      answer: { id: key, number: 1 },
      createdAt: sql`now() - ${daysAgo}::int * interval '1 day' - interval '1 minute'`,
    });
    const old = `old-${randomUUID()}`;
    const recent = `recent-${randomUUID()}`;
    await t.database.system((tx) => tx.insert(idempotencyKeys).values([row(old, 7), row(recent, 6)]));
    expect(await t.app.idempotencyKeySweeper.sweep()).toBeGreaterThanOrEqual(1);
    const left = await t.database.system((tx) =>
      tx
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.accountId, company.accountId), sql`${idempotencyKeys.key} in (${old}, ${recent})`),
        ),
    );
    expect(left).toEqual([{ key: recent }]);
  });
});
