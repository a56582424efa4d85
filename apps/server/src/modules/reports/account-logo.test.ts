import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts } from '../../db/schema/index';
import { accountFolder } from '../../platform/storage';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let logo: Buffer;

const getLogo = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: '/api/accounts/logo', headers: { ...headers, ...extra } });
const setLogo = (accountId: string, key: string | null) =>
  t.database.system((tx) => tx.update(accounts).set({ logoImage: key }).where(eq(accounts.id, accountId)));

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Logo Co' });
  other = await t.createCompany({ name: 'No Logo Co' });
  logo = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
  const key = `${accountFolder(company.accountId)}/logo/company-logo.webp`;
  await t.storage.put(key, logo);
  await setLogo(company.accountId, key);
});
afterAll(() => t.close());

describe('GET /api/accounts/logo', () => {
  it('answers 401 without a session', async () => {
    const response = await getLogo({});
    expect(response.statusCode).toBe(401);
  });

  it("answers the company's logo to any signed-in user, with its type and private caching", async () => {
    // Staff hold no report or admin privilege.
    const response = await getLogo(await t.signIn(company.staff));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(response.rawPayload, logo)).toBe(0);
    expect(response.headers['content-length']).toBe(String(logo.length));
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await getLogo(await t.signIn(company.admin), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 to a company without a logo, never the logo of another', async () => {
    const response = await getLogo(await t.signIn(other.admin));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Logo not found.' });
  });

  it("answers 404 when the logo's file is missing, is not an image, or lies outside the company's folder", async () => {
    const headers = await t.signIn(other.admin);
    const folder = accountFolder(other.accountId);
    await t.storage.put(`${folder}/logo/not-an-image.png`, Buffer.from('plain text, not a picture'));
    await t.storage.put(`${accountFolder(company.accountId)}/logo/theirs.webp`, logo);
    for (const key of [
      `${folder}/logo/missing.png`,
      `${folder}/logo/not-an-image.png`,
      `${accountFolder(company.accountId)}/logo/theirs.webp`,
    ]) {
      await setLogo(other.accountId, key);
      const response = await getLogo(headers);
      expect(response.statusCode, key).toBe(404);
    }
    await setLogo(other.accountId, null);
  });
});
