import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { incidents } from '../../db/schema/index';
import { type CompanyRefs, companyRefs } from '../incidents/incident-fixtures';

/**
 * The test app shared by the lifecycle test files: two companies, the staff user and the admin of
 * the first signed in, and the calls the tests make. Bindings are live: set by setUpLifecycle().
 */
export let t: TestContext;
export let a: TestCompany;
export let b: TestCompany;
export let refs: CompanyRefs;
export let staff: Record<string, string>;
export let admin: Record<string, string>;

export async function setUpLifecycle() {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Lifecycle A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Lifecycle B' });
  refs = await companyRefs(t.database, a.accountId);
  staff = await t.signIn(a.staff);
  admin = await t.signIn(a.admin);
}

export const post = (path: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: `/api/incidents/${path}`, headers, ...(payload ? { payload } : {}) });
export const close = (
  id: string,
  headers: Record<string, string>,
  payload: Record<string, unknown> = { closedBy: 'USER' },
) => post(`close/${id}`, headers, payload);
export const stateOf = async (id: string) => {
  const [row] = await t.database.system((tx) => tx.select().from(incidents).where(eq(incidents.id, id)));
  return row;
};
export const signInWith = async (privileges: Parameters<TestContext['createUser']>[1]) =>
  t.signIn(await t.createUser(a.accountId, privileges));

/** A closed incident of the staff user. */
export async function closedIncident() {
  const incident = await submitIncident(t, staff, refs);
  const response = await close(incident.id, admin);
  expect(response.statusCode, response.body).toBe(200);
  return incident;
}
