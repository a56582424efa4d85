import { randomUUID } from 'node:crypto';
import { type Attachment, PART_MESSAGES } from '@blotter/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, image, PDF } from '../../../../test/file-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { form, insertDraft, insertIncident } from '../../../../test/uploads';
import { accounts, attachments } from '../../../db/schema/index';
import { UNSUPPORTED_FILE_MESSAGE } from '../../../platform/file-type';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let staff: Record<string, string>;
let draft: string;
let png: Buffer;

const upload = (incidentId: string, file?: { data: Buffer; name: string; type?: string }, extra = {}, h = staff) =>
  t.inject({
    method: 'POST',
    url: '/api/incidents/attachments',
    headers: h,
    payload: form({ incidentId, name: 'Attachment 1', ...extra }, file),
  });
const bodyOf = (response: { json: <T>() => T }) => response.json<Attachment>();

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Files A', concurrentUserCount: 10 });
  b = await t.createCompany({ name: 'Files B' });
  staff = await t.signIn(a.staff);
  draft = await insertDraft(t, a.staff);
  png = await image('png');
});
afterAll(() => t.close());

describe('POST /api/incidents/attachments', () => {
  it('stores an image of a draft under a server-made key, with a thumbnail and signed URLs', async () => {
    const response = await upload(
      draft,
      { data: png, name: 'photo of door.png', type: 'image/png' },
      { comments: 'East door' },
    );
    expect(response.statusCode).toBe(200);
    const answer = bodyOf(response);
    expect(answer).toEqual({
      id: expect.any(String),
      incidentId: null,
      draftId: draft,
      incidentItemId: null,
      incidentVehicleId: null,
      name: 'Attachment 1',
      comments: 'East door',
      fileName: 'photo of door.png',
      fileType: 'image/png',
      fileSize: png.length,
      attachmentType: 'IMAGE',
      sasKey: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\/attachments\/[0-9a-f]{32}\.png\?a=.+&name=photo/),
      thumbnailSasKey: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\/thumbnails\/[0-9a-f]{32}\.webp\?/),
      creationDate: null,
    });
    const file = await t.inject({ method: 'GET', url: answer.sasKey });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    const thumbnail = await t.inject({ method: 'GET', url: answer.thumbnailSasKey ?? '' });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.length).toBeLessThan(png.length);
  });

  it('goes by the bytes, not by the name or content type the client claims', async () => {
    const jpeg = await image('jpeg');
    const asBin = bodyOf(await upload(draft, { data: jpeg, name: 'scan.bin', type: 'application/octet-stream' }));
    expect([asBin.fileType, asBin.attachmentType, asBin.thumbnailSasKey === null]).toEqual([
      'image/jpeg',
      'IMAGE',
      false,
    ]);
    const pdf = bodyOf(await upload(draft, { data: PDF, name: 'report.pdf' }));
    expect([pdf.fileType, pdf.attachmentType, pdf.thumbnailSasKey]).toEqual(['application/pdf', 'PDF', null]);
    expect(pdf.sasKey).toMatch(/\.pdf\?/);
  });

  it(`refuses executables and disguised files with 415 '${UNSUPPORTED_FILE_MESSAGE.slice(0, 35)}…', storing nothing`, async () => {
    const before = t.storage.files.size;
    const disguised = Buffer.from('looks like text\0but has NUL bytes');
    for (const file of [
      { data: EXE, name: 'invoice.pdf', type: 'application/pdf' },
      { data: disguised, name: 'photo.png', type: 'image/png' },
    ]) {
      const response = await upload(draft, file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_FILE_MESSAGE });
    }
    expect(UNSUPPORTED_FILE_MESSAGE).toMatch(/^This type of file is not supported\. Supported files are images/);
    expect(t.storage.files.size).toBe(before);
  });

  it("refuses a file over the company's limit with 413 'The file must be at most N MB.'", async () => {
    const small = await t.createCompany();
    await t.database.system((tx) =>
      tx.update(accounts).set({ maxUploadFileSize: 1 }).where(eq(accounts.id, small.accountId)),
    );
    const smallDraft = await insertDraft(t, small.staff);
    const h = await t.signIn(small.staff);
    const big = Buffer.alloc(1.5 * 1024 * 1024, 'a');
    const response = await upload(smallDraft, { data: big, name: 'big.txt' }, {}, h);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The file must be at most 1 MB.' });
    const fits = await upload(smallDraft, { data: Buffer.alloc(1024 * 1024, 'a'), name: 'fits.txt' }, {}, h);
    expect(fits.statusCode).toBe(200);
    // The default limit (20 MB) is far above the server's 2 MB limit for JSON bodies.
    const large = await upload(draft, { data: Buffer.alloc(5 * 1024 * 1024, 'b'), name: 'large.txt' });
    expect([large.statusCode, bodyOf(large).fileSize]).toEqual([200, 5 * 1024 * 1024]);
  });

  it('answers 400 with the form messages', async () => {
    const file = { data: PDF, name: 'a.pdf' };
    const cases: [FormData | object, string][] = [
      [form({ incidentId: draft, name: 'x' }), PART_MESSAGES.fileRequired],
      [
        form({ incidentId: draft, name: 'x' }, { data: Buffer.alloc(0), name: 'empty.txt' }),
        PART_MESSAGES.fileRequired,
      ],
      [{ incidentId: draft, name: 'x' }, PART_MESSAGES.fileRequired],
      [form({ incidentId: draft, name: ' ' }, file), PART_MESSAGES.nameRequired],
      [form({ incidentId: draft }, file), PART_MESSAGES.nameRequired],
      [form({ incidentId: draft, name: 'n'.repeat(101) }, file), PART_MESSAGES.attachmentNameMax],
      [form({ incidentId: draft, name: 'x', comments: 'c'.repeat(501) }, file), PART_MESSAGES.attachmentCommentsMax],
      [form({ incidentId: 'draft-1', name: 'x' }, file), 'Invalid id'],
      [form({ incidentId: draft, name: 'x', incidentItemId: 'item-1' }, file), 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const response = await t.inject({ method: 'POST', url: '/api/incidents/attachments', headers: staff, payload });
      expect(response.json(), message).toEqual({ code: 'BAD_REQUEST', message });
    }
  });

  it('adds to an open incident the user may edit, stored at once; one they may not see is 404 like a missing id', async () => {
    const mine = await insertIncident(t, a.staff);
    const stored = bodyOf(await upload(mine, { data: PDF, name: 'a.pdf' }));
    expect(stored).toMatchObject({ incidentId: mine, draftId: null, creationDate: expect.any(String) });
    const editor = await t.signIn(await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_EDIT'] }));
    expect((await upload(mine, { data: PDF, name: 'a.pdf' }, {}, editor)).statusCode).toBe(200);

    const missing = await upload(randomUUID(), { data: PDF, name: 'a.pdf' });
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
    const notFound = [
      await insertIncident(t, a.admin),
      await insertIncident(t, a.staff, { locked: true }),
      await insertDraft(t, a.admin),
      await insertDraft(t, b.staff),
      await insertIncident(t, b.staff),
    ];
    for (const id of notFound) {
      const response = await upload(id, { data: PDF, name: 'a.pdf' });
      expect([response.statusCode, response.json()], id).toEqual([missing.statusCode, missing.json()]);
    }
  });

  it('refuses an incident the user sees but may not edit (403) and a closed one (400), storing nothing', async () => {
    const theirs = await insertIncident(t, a.admin);
    const reader = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['MYINCIDENT_EDIT', 'ALLINCIDENT_SEARCH'] }),
    );
    const refused = await upload(theirs, { data: PDF, name: 'a.pdf' }, {}, reader);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { code: 'FORBIDDEN', message: 'You do not have permission to edit this incident.' },
    ]);
    const closed = await insertIncident(t, a.staff, { status: 2 });
    const response = await upload(closed, { data: PDF, name: 'a.pdf' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'Cannot edit closed incident' },
    ]);
    const rows = await t.database.system((tx) =>
      tx
        .select()
        .from(attachments)
        .where(inArray(attachments.incidentId, [theirs, closed])),
    );
    expect(rows).toEqual([]);
  });

  it('answers 401 without a session and 403 to users who cannot fill in the form', async () => {
    const anonymous = await t.inject({ method: 'POST', url: '/api/incidents/attachments', payload: form({}) });
    expect(anonymous.statusCode).toBe(401);
    const reader = await t.signIn(await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    const refused = await upload(draft, { data: PDF, name: 'a.pdf' }, {}, reader);
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET attachments of a draft and of an incident', () => {
  it('lists the own draft’s attachments in upload order with fresh signed URLs', async () => {
    const list = await t.database.tenant(a.accountId, (tx) =>
      tx.select().from(attachments).where(eq(attachments.draftId, draft)).orderBy(attachments.uploadedAt),
    );
    const response = await t.inject({ method: 'GET', url: `/api/draftIncidents/${draft}/attachments`, headers: staff });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Attachment[]>();
    expect(answer.map((row) => row.id)).toEqual(list.map((row) => row.id));
    expect(answer.length).toBeGreaterThanOrEqual(3);
    const admin = await t.signIn(a.admin);
    const foreign = await t.inject({ method: 'GET', url: `/api/draftIncidents/${draft}/attachments`, headers: admin });
    expect(foreign.statusCode).toBe(404);
  });

  it('shows an editing draft the attachments already on its incident too', async () => {
    const incident = await insertIncident(t, a.staff);
    const saved = bodyOf(await upload(incident, { data: PDF, name: 'saved.pdf' }));
    const editing = await insertDraft(t, a.staff, { status: 3, incidentId: incident });
    const added = bodyOf(await upload(editing, { data: PDF, name: 'new.pdf' }));
    const response = await t.inject({
      method: 'GET',
      url: `/api/draftIncidents/${editing}/attachments`,
      headers: staff,
    });
    expect(response.json<Attachment[]>().map((row) => row.id)).toEqual([saved.id, added.id]);
    const ofIncident = await t.inject({ method: 'GET', url: `/api/incidents/${incident}/attachments`, headers: staff });
    expect(ofIncident.json<Attachment[]>().map((row) => row.id)).toEqual([saved.id]);
  });

  it('hides locked incidents from users without INCIDENT_LOCK', async () => {
    const locked = await insertIncident(t, a.staff, { locked: true });
    const url = `/api/incidents/${locked}/attachments`;
    expect((await t.inject({ method: 'GET', url, headers: staff })).statusCode).toBe(404);
    const locker = await t.signIn(
      await t.createUser(a.accountId, { privileges: ['INCIDENT_LOCK', 'ALLINCIDENT_SEARCH'] }),
    );
    const seen = await t.inject({ method: 'GET', url, headers: locker });
    expect([seen.statusCode, seen.json()]).toEqual([200, []]);
  });
});
