import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image, PDF } from '../../../../test/file-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { form, insertDraft, insertIncident } from '../../../../test/uploads';
import { accounts } from '../../../db/schema/index';
import { accountFolder } from '../../../platform/storage';
import { PICTURE_TYPE_MESSAGE } from './attachment-upload';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let staff: Record<string, string>;
let draft: string;

const send = (incidentId: string, file?: { data: Buffer; name: string }, h = staff, card: string = randomUUID()) =>
  t.inject({
    method: 'POST',
    url: `/api/incidents/persons/picture/${card}`,
    headers: h,
    payload: form({ incidentId }, file),
  });

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Pictures A' });
  b = await t.createCompany({ name: 'Pictures B' });
  staff = await t.signIn(a.staff);
  draft = await insertDraft(t, a.staff);
});
afterAll(() => t.close());

describe('POST /api/incidents/persons/picture/:id', () => {
  it('stores the picture as a JPEG of at most 512×512 and answers its key and a signed URL', async () => {
    const response = await send(draft, { data: await image('png', 800, 800), name: '../../etc/passwd.png' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ fileName: string; sasKey: string }>();
    expect(answer.fileName).toMatch(new RegExp(`^${accountFolder(a.accountId)}/pictures/[0-9a-f]{32}\\.jpg$`));
    expect(answer.sasKey).toMatch(new RegExp(`^/api/files/${answer.fileName}\\?a=${a.accountId}&e=\\d+&s=`));
    const stored = t.storage.files.get(answer.fileName);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    const served = await t.inject({ method: 'GET', url: answer.sasKey });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('takes pictures for an open incident the user may edit', async () => {
    const incident = await insertIncident(t, a.staff);
    expect((await send(incident, { data: await image('webp'), name: 'p.webp' })).statusCode).toBe(200);
  });

  it(`refuses anything but an image with 415 '${PICTURE_TYPE_MESSAGE}'`, async () => {
    for (const data of [PDF, Buffer.from('plain text')]) {
      const response = await send(draft, { data, name: 'face.jpg' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: PICTURE_TYPE_MESSAGE });
    }
  });

  it("refuses a picture over the company's maxAvatarFileSize with 413 'The picture must be at most N MB.'", async () => {
    const big = await image('png', 800, 800, true);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await send(draft, { data: big, name: 'big.png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The picture must be at most 1 MB.' });
    await t.database.system((tx) =>
      tx.update(accounts).set({ maxAvatarFileSize: 5 }).where(eq(accounts.id, a.accountId)),
    );
    expect((await send(draft, { data: big, name: 'big.png' })).statusCode).toBe(200);
  });

  it("answers 404 for another user's or company's draft, 400 without a file or id, 401 and 403", async () => {
    for (const id of [await insertDraft(t, a.admin), await insertDraft(t, b.staff), randomUUID()]) {
      expect((await send(id, { data: await image('png'), name: 'p.png' })).statusCode, id).toBe(404);
    }
    expect((await send(draft)).json()).toEqual({ code: 'BAD_REQUEST', message: 'A file is required' });
    const noId = await send('', { data: PDF, name: 'p.png' });
    expect(noId.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
    const badCard = await send(draft, { data: PDF, name: 'p.png' }, staff, 'card-1');
    expect(badCard.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
    const anonymous = await t.inject({ method: 'POST', url: `/api/incidents/persons/picture/${randomUUID()}` });
    expect(anonymous.statusCode).toBe(401);
    const reader = await t.signIn(await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    expect((await send(draft, { data: PDF, name: 'p.png' }, reader)).statusCode).toBe(403);
  });
});
