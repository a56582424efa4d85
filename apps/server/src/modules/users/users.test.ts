import type { Investigator } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext, type TestUser } from '../../../test/test-app';
import { users } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let investigator: TestUser;
let pendingAdmin: TestUser;
let inactiveInvestigator: TestUser;
let reporter: TestUser;

const rename = (user: TestUser, firstName: string, lastName: string) =>
  t.database.system((tx) => tx.update(users).set({ firstName, lastName }).where(eq(users.id, user.id)));

const investigators = async (headers: Record<string, string>) => {
  const response = await t.inject({ method: 'GET', url: '/api/users/investigators', headers });
  expect(response.statusCode).toBe(200);
  return response.json<Investigator[]>();
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany();
  other = await t.createCompany();
  investigator = await t.createUser(company.accountId, { privileges: ['INVESTIGATE_INCIDENT', 'MYINCIDENT_ADD'] });
  pendingAdmin = await t.createUser(company.accountId, { admin: true, status: 0 });
  inactiveInvestigator = await t.createUser(company.accountId, { privileges: ['INVESTIGATE_INCIDENT'], status: 2 });
  reporter = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD', 'ALLINCIDENT_EDIT'] });
  await rename(company.admin, 'Zoe', 'Admin');
  await rename(investigator, 'Adam', 'Ingram');
});
afterAll(() => t.close());

describe('GET /api/users/investigators', () => {
  it('lists active admins and INVESTIGATE_INCIDENT holders of the company, by name', async () => {
    const list = await investigators(await t.signIn(company.staff));
    expect(list).toEqual([
      { id: investigator.id, name: 'Adam Ingram' },
      { id: company.admin.id, name: 'Zoe Admin' },
    ]);
    const ids = list.map((i) => i.id);
    for (const excluded of [company.staff, reporter, pendingAdmin, inactiveInvestigator, other.admin]) {
      expect(ids).not.toContain(excluded.id);
    }
  });

  it('answers the other company only its own investigators', async () => {
    const list = await investigators(await t.signIn(other.staff));
    expect(list.map((i) => i.id)).toEqual([other.admin.id]);
  });

  it('follows status changes at once', async () => {
    await t.database.system((tx) => tx.update(users).set({ status: 2 }).where(eq(users.id, investigator.id)));
    const list = await investigators(await t.signIn(company.staff));
    expect(list.map((i) => i.id)).toEqual([company.admin.id]);
    await t.database.system((tx) => tx.update(users).set({ status: 1 }).where(eq(users.id, investigator.id)));
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/investigators' });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});
