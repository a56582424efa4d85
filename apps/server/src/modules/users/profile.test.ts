import { PROFILE_MESSAGES, type Profile } from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image, PDF } from '../../../test/file-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { form } from '../../../test/uploads';
import { accounts, auditEntries, users } from '../../db/schema/index';
import { accountFolder } from '../../platform/storage';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Profile Co' });
  other = await t.createCompany({ name: 'Other Co' });
  staff = await t.signIn(company.staff);
  await t.database.system((tx) =>
    tx
      .update(users)
      .set({
        position: 'Guard',
        region: 'West',
        division: 'North',
        phone: '123-456-7890',
        companyStartDate: '2024-05-01',
      })
      .where(eq(users.id, company.staff.id)),
  );
});
afterAll(() => t.close());

const put = (payload: Record<string, unknown>, headers = staff) =>
  t.inject({ method: 'PUT', url: '/api/users/profile', headers, payload });
const upload = (file?: { data: Buffer; name: string }, headers = staff) =>
  t.inject({ method: 'POST', url: '/api/users/avatars', headers, payload: form({}, file) });

describe('GET /api/users/profile', () => {
  it("answers the signed-in user's own profile with the read-only fields and workgroup", async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/profile', headers: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: company.staff.id,
      email: company.staff.email,
      firstName: 'Test',
      position: 'Guard',
      region: 'West',
      division: 'North',
      phone: '123-456-7890',
      startDate: '2024-05-01',
      userGroupName: 'Staff',
      avatarUrl: null,
      avatarSasKey: null,
    });
    const admin = await t.inject({ method: 'GET', url: '/api/users/profile', headers: await t.signIn(other.admin) });
    expect(admin.json()).toMatchObject({ id: other.admin.id, userGroupName: 'Administrators' });
  });

  it('needs a signed-in user (401)', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await put({ firstName: 'A', lastName: 'B' }, {})).statusCode).toBe(401);
    expect((await upload({ data: await image('png'), name: 'a.png' }, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile', () => {
  it("changes only the user's names, keeps the email, and writes a USER UPDATE audit entry", async () => {
    const response = await put({
      email: 'someone-else@test.example',
      firstName: '  Pat ',
      middleName: 'Q',
      lastName: 'Keeper',
      position: 'Chief',
      userGroupName: 'Administrators',
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<Profile>();
    expect(profile).toMatchObject({
      email: company.staff.email,
      firstName: 'Pat',
      middleName: 'Q',
      lastName: 'Keeper',
      position: 'Guard',
      userGroupName: 'Staff',
    });
    const [entry] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, company.staff.id), eq(auditEntries.objectType, 'USER')))
        .orderBy(desc(auditEntries.createdAt))
        .limit(1),
    );
    expect(entry).toMatchObject({
      accountId: company.accountId,
      transactionType: 'UPDATE',
      objectName: 'Pat Q Keeper',
      createUserId: company.staff.id,
      objectData: { firstName: 'Pat', middleName: 'Q', lastName: 'Keeper', email: company.staff.email },
    });
  });

  it(`refuses missing names with '${PROFILE_MESSAGES.required}' and long ones with '${PROFILE_MESSAGES.tooLong}'`, async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '', lastName: 'Keeper' }, PROFILE_MESSAGES.required],
      [{ firstName: 'Pat', lastName: '   ' }, PROFILE_MESSAGES.required],
      [{ lastName: 'Keeper' }, PROFILE_MESSAGES.required],
      [{ firstName: 'x'.repeat(101), lastName: 'Keeper' }, PROFILE_MESSAGES.tooLong],
      [{ firstName: 'Pat', lastName: 'x'.repeat(101) }, PROFILE_MESSAGES.tooLong],
      [{ firstName: 'Pat', middleName: 'x'.repeat(101), lastName: 'Keeper' }, PROFILE_MESSAGES.tooLong],
      [{ email: 'not-an-email', firstName: 'Pat', lastName: 'Keeper' }, PROFILE_MESSAGES.email],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ code: 'BAD_REQUEST', message });
    }
    const [row] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, company.staff.id)));
    expect(row?.firstName).toBe('Pat');
    expect((await put({ firstName: 'x'.repeat(100), lastName: 'Keeper' })).statusCode).toBe(200);
  });
});

describe('POST /api/users/avatars', () => {
  it('stores the picture as a 512×512 JPEG, answers its URL as data, and shows it in the profile', async () => {
    const response = await upload({ data: await image('png', 300, 200), name: 'me.png' });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: string }>();
    const profile = (await t.inject({ method: 'GET', url: '/api/users/profile', headers: staff })).json<Profile>();
    const key = profile.avatarUrl ?? '';
    expect(key).toMatch(new RegExp(`^${accountFolder(company.accountId)}/avatars/[0-9a-f]{32}\\.jpg$`));
    expect(data).toMatch(new RegExp(`^/api/files/${key}\\?a=${company.accountId}&e=\\d+&s=`));
    const meta = await sharp(t.storage.files.get(key)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    const served = await t.inject({ method: 'GET', url: data });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // The company's avatars of initData name it (the account menu shows it after the next sign-in).
    const init = await t.inject({ method: 'GET', url: '/api/commons/initData', headers: staff });
    const avatars = init.json<{ userAvatars: { userId: string }[] }>().userAvatars;
    expect(avatars.map((a) => a.userId)).toContain(company.staff.id);

    const again = await upload({ data: await image('jpeg', 1024, 1024), name: 'me2.jpg' });
    expect(again.statusCode).toBe(200);
    const next = (await t.inject({ method: 'GET', url: '/api/users/profile', headers: staff })).json<Profile>();
    expect(next.avatarUrl).not.toBe(key);
    expect(t.storage.files.has(key)).toBe(false);
    const big = await sharp(t.storage.files.get(next.avatarUrl ?? '')).metadata();
    expect([big.width, big.height]).toEqual([512, 512]);
  });

  it(`refuses anything but an image with 415 '${PROFILE_MESSAGES.avatarType}', whatever its name`, async () => {
    for (const data of [PDF, Buffer.from('plain text, not a picture')]) {
      const response = await upload({ data, name: 'face.jpg' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: PROFILE_MESSAGES.avatarType });
    }
  });

  it("refuses a picture over the company's maxAvatarFileSize (1 MB by default) with 413", async () => {
    const big = await image('png', 800, 800, true);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await upload({ data: big, name: 'big.png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: PROFILE_MESSAGES.avatarTooLarge(1) });
    await t.database.system((tx) =>
      tx.update(accounts).set({ maxAvatarFileSize: 3 }).where(eq(accounts.id, company.accountId)),
    );
    expect((await upload({ data: big, name: 'big.png' })).statusCode).toBe(200);
  });

  it("answers 400 'A file is required' without a file, and never touches another user's picture", async () => {
    expect((await upload()).json()).toEqual({ code: 'BAD_REQUEST', message: 'A file is required' });
    const admin = await t.signIn(company.admin);
    expect((await upload({ data: await image('webp'), name: 'a.webp' }, admin)).statusCode).toBe(200);
    const [staffRow, adminRow] = await t.database.system((tx) =>
      Promise.all(
        [company.staff.id, company.admin.id].map(
          async (id) => (await tx.select().from(users).where(eq(users.id, id)))[0],
        ),
      ),
    );
    expect(staffRow?.avatarKey).not.toBe(adminRow?.avatarKey);
  });
});
