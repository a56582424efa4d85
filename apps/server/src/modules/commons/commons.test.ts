import { type InitData, type LookupNode, MULTIPLE_LOOKUP_TYPES, SINGLE_LOOKUP_TYPES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, lookups, notifications, users } from '../../db/schema/index';
import { accountFolder } from '../../platform/storage';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let headers: Record<string, string>;

const initData = async (h = headers) => {
  const response = await t.inject({ method: 'GET', url: '/api/commons/initData', headers: h });
  expect(response.statusCode).toBe(200);
  return response.json<InitData>();
};

const flatten = (nodes: readonly LookupNode[]): LookupNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Init Data Inc.' });
  other = await t.createCompany({ name: 'Other Corp' });
  await t.database.system((tx) =>
    tx.insert(lookups).values({ accountId: other.accountId, type: 'incidentClass', name: 'Only At Other Corp' }),
  );
  headers = await t.signIn(company.staff);
});
afterAll(() => t.close());

describe('GET /api/commons/initData', () => {
  it('answers every field of the initial data', async () => {
    const data = await initData();
    expect(Object.keys(data).sort()).toEqual(
      [
        'accountActive',
        'companySettings',
        'countries',
        'demoCompany',
        'fileSizeLimit',
        'investigators',
        'lookupLabels',
        'multipleLookups',
        'notifications',
        'singleLookups',
        'states',
        'userAvatars',
        'version',
      ].sort(),
    );
    expect(data.countries).toEqual(
      expect.arrayContaining([
        { code: 'CA', name: 'Canada' },
        { code: 'US', name: 'United States' },
      ]),
    );
    expect(data.states).toContainEqual({ code: 'ON', name: 'Ontario', countryCode: 'CA' });
    expect(data.companySettings).toEqual({
      companyName: 'Init Data Inc.',
      phone: '',
      companyCountryCode: 'CA',
      measurementType: 0,
      dateFormat: 0,
      billingEmail: '',
      autoLogoutTime: 900,
      logoImage: null,
      mfa: false,
      timeZone: 'UTC',
    });
    expect(data.fileSizeLimit).toEqual({ maxUploadFileSize: 20, maxAvatarFileSize: 1, maxLogoFileSize: 2 });
    expect(data.accountActive).toBe(true);
    expect(data.demoCompany).toBe(false);
    expect(data.userAvatars).toEqual([]);
  });

  it('answers the lookup labels and the three lookup trees with their levels, paths and labels', async () => {
    const data = await initData();
    expect(data.lookupLabels).toMatchObject({
      incidentClass: ['Category', 'Type', 'Sub-type', 'Detail'],
      location: ['Region', 'Site', 'Building', 'Floor', 'Area'],
      incidentCause: ['Cause', 'Contributing factor'],
    });
    for (const type of MULTIPLE_LOOKUP_TYPES) {
      expect(data.multipleLookups[type]?.length, type).toBeGreaterThan(0);
    }
    const security = data.multipleLookups.incidentClass?.find((node) => node.name === 'Security');
    const theft = security?.children.find((node) => node.name === 'Theft');
    const shoplifting = theft?.children.find((node) => node.name === 'Shoplifting');
    expect(security).toMatchObject({ level: 1, parentId: null, parentPath: '', label: 'Category', active: true });
    expect(theft).toMatchObject({ level: 2, parentId: security?.id, parentPath: 'Security', label: 'Type' });
    expect(shoplifting).toMatchObject({ level: 3, parentPath: 'Security / Theft', label: 'Sub-type' });
    expect(shoplifting?.children.map((node) => node.name)).toEqual(['Concealment', 'Price switching', 'Walk-out']);
    for (const type of MULTIPLE_LOOKUP_TYPES) {
      for (const node of flatten(data.multipleLookups[type] ?? [])) {
        expect(node.type).toBe(type);
        for (const child of node.children) expect(child.parentId).toBe(node.id);
      }
    }
  });

  it('answers a list for every single-level lookup type, in display order', async () => {
    const data = await initData();
    for (const type of SINGLE_LOOKUP_TYPES) {
      expect(data.singleLookups[type]?.length, type).toBeGreaterThan(0);
      for (const item of data.singleLookups[type] ?? []) expect(item.type).toBe(type);
    }
    expect(data.singleLookups.severityType?.map((item) => item.name)).toEqual(['Low', 'Medium', 'High', 'Critical']);
  });

  it("answers only the caller's company's lookups", async () => {
    const data = await initData();
    const ids = new Set([
      ...Object.values(data.multipleLookups).flatMap((nodes) => flatten(nodes).map((node) => node.id)),
      ...Object.values(data.singleLookups).flatMap((items) => items.map((item) => item.id)),
    ]);
    const [own, foreign] = await t.database.system(async (tx) => [
      await tx.select({ id: lookups.id }).from(lookups).where(eq(lookups.accountId, company.accountId)),
      await tx.select({ id: lookups.id }).from(lookups).where(eq(lookups.accountId, other.accountId)),
    ]);
    expect([...ids].sort()).toEqual((own ?? []).map((row) => row.id).sort());
    for (const row of foreign ?? []) expect(ids.has(row.id)).toBe(false);
    const names = flatten(data.multipleLookups.incidentClass ?? []).map((node) => node.name);
    expect(names).not.toContain('Only At Other Corp');
  });

  it('answers the company’s notifications, investigators and the company settings as stored', async () => {
    const investigator = await t.createUser(company.accountId, { privileges: ['INVESTIGATE_INCIDENT'] });
    await t.database.system(async (tx) => {
      await tx.insert(notifications).values({
        accountId: company.accountId,
        message: 'Your trial ends in 3 days.',
        notificationType: 'TRIAL_EXPIRED',
        level: 'WARNING',
        userDismissAvailable: false,
      });
      await tx
        .update(accounts)
        .set({ autoLogoutTime: 600, measurementType: 1, dateFormat: 1, maxUploadFileSize: 500, maxAvatarFileSize: 3 })
        .where(eq(accounts.id, company.accountId));
    });
    const data = await initData();
    expect(data.notifications).toEqual([
      {
        id: expect.any(String),
        message: 'Your trial ends in 3 days.',
        notificationType: 'TRIAL_EXPIRED',
        level: 'WARNING',
        userDismissAvailable: false,
        dismissed: false,
        userDismissed: false,
      },
    ]);
    const investigatorIds = data.investigators.map((i) => i.id);
    expect(investigatorIds).toEqual(expect.arrayContaining([company.admin.id, investigator.id]));
    expect(investigatorIds).not.toContain(company.staff.id);
    expect(data.companySettings).toMatchObject({ autoLogoutTime: 600, measurementType: 1, dateFormat: 1 });
    // The company may lower the upload limit, never raise it above the product's maximum.
    expect(data.fileSizeLimit).toEqual({ maxUploadFileSize: 20, maxAvatarFileSize: 3, maxLogoFileSize: 2 });
  });

  it('answers signed avatar URLs that serve the picture', async () => {
    const key = `${accountFolder(company.accountId)}/avatars/admin.png`;
    t.storage.files.set(key, Buffer.from('png-bytes'));
    await t.database.system((tx) => tx.update(users).set({ avatarKey: key }).where(eq(users.id, company.admin.id)));
    const data = await initData();
    expect(data.userAvatars).toEqual([
      { userId: company.admin.id, avatarUrl: expect.stringMatching(/^\/api\/files\//) },
    ]);
    const avatarUrl = data.userAvatars[0]?.avatarUrl ?? '';
    const picture = await t.inject({ method: 'GET', url: avatarUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toBe('png-bytes');
    const tampered = await t.inject({ method: 'GET', url: avatarUrl.replace(/s=[^&]+/, 's=forged') });
    expect(tampered.statusCode).toBe(403);
  });

  it('answers a version that changes when a lookup or a setting changes, and not otherwise', async () => {
    const first = await initData();
    expect(first.version).toMatch(/^[\w-]{43}$/);
    // The same content: the same version, though every signed URL is made again.
    expect((await initData()).version).toBe(first.version);
    // Neither a notification nor another company's lookups are part of it.
    await t.database.system(async (tx) => {
      await tx.insert(notifications).values({
        accountId: company.accountId,
        message: 'Maintenance tonight.',
        notificationType: 'GENERAL',
        level: 'INFO',
        userDismissAvailable: true,
      });
      await tx.update(lookups).set({ name: 'Renamed At Other Corp' }).where(eq(lookups.accountId, other.accountId));
    });
    expect((await initData()).version).toBe(first.version);

    const [lookup] = await t.database.system((tx) =>
      tx.select().from(lookups).where(eq(lookups.accountId, company.accountId)).limit(1),
    );
    if (!lookup) throw new Error('the company has no lookups');
    await t.database.system((tx) =>
      tx
        .update(lookups)
        .set({ name: `${lookup.name} (renamed)` })
        .where(eq(lookups.id, lookup.id)),
    );
    const renamed = await initData();
    expect(renamed.version).not.toBe(first.version);
    await t.database.system((tx) => tx.update(lookups).set({ name: lookup.name }).where(eq(lookups.id, lookup.id)));
    // The content as it was: the version as it was.
    expect((await initData()).version).toBe(first.version);

    const [account] = await t.database.system((tx) =>
      tx.select().from(accounts).where(eq(accounts.id, company.accountId)),
    );
    await t.database.system((tx) =>
      tx
        .update(accounts)
        .set({ autoLogoutTime: (account?.autoLogoutTime ?? 0) + 60 })
        .where(eq(accounts.id, company.accountId)),
    );
    const versions = new Set([first.version, renamed.version, (await initData()).version]);
    expect(versions.size).toBe(3);
  });

  it('reports a disabled company as accountActive false', async () => {
    const disabled = await t.createCompany({ active: false });
    const data = await initData(await t.signIn(disabled.staff));
    expect(data.accountActive).toBe(false);
  });

  it('answers 401 without a session and 403 to a pending user', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/api/commons/initData' });
    expect(anonymous.statusCode).toBe(401);
    const pending = await t.createUser(company.accountId, { status: 0, admin: true });
    const response = await t.inject({
      method: 'GET',
      url: '/api/commons/initData',
      headers: { authorization: `Bearer ${await t.tokenFor(pending)}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('USER_NOT_ACTIVE');
  });
});
