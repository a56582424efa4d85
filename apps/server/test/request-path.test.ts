import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, workgroups } from '../src/db/schema/index';
import { companyRefs } from '../src/modules/incidents/incident-fixtures';
import { VerifiedTokenCache } from '../src/plugins/auth';
import { submitIncident } from './incidents';
import { createTestContext, type TestCompany, type TestContext } from './test-app';

const onPostgres = Boolean(process.env.DATABASE_URL);
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let aHeaders: Record<string, string>;
let bHeaders: Record<string, string>;
let aIncident: string;
let bIncident: string;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany();
  b = await t.createCompany();
  aHeaders = await t.signIn(a.staff);
  bHeaders = await t.signIn(b.staff);
  aIncident = (await submitIncident(t, aHeaders, await companyRefs(t.database, a.accountId))).id;
  bIncident = (await submitIncident(t, bHeaders, await companyRefs(t.database, b.accountId))).id;
});
afterAll(() => t.close());

const read = (headers: Record<string, string>, id: string) =>
  t.inject({ method: 'GET', url: `/api/incidents/${id}`, headers });

describe('the request path', () => {
  it.runIf(onPostgres)(
    'reads one incident in two statements on PostgreSQL: the principal with the tenant, then the query',
    async () => {
      await read(aHeaders, aIncident);
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        const response = await read(aHeaders, aIncident);
        expect(response.statusCode).toBe(200);
        const statements = query.mock.calls.map(([config]) =>
          typeof config === 'string' ? config : String((config as { text?: string }).text),
        );
        expect(statements).toHaveLength(2);
        expect(statements[0]).toContain('blotter_principal');
        expect(statements[1]).toContain('json_build_object');
      } finally {
        query.mockRestore();
      }
    },
  );

  it('verifies a token once and reuses the verified claims until it expires', async () => {
    const user = await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_SEARCH'] });
    const headers = await t.signIn(user);
    const verify = vi.spyOn(t.app, 'verifyAccessToken');
    try {
      for (let i = 0; i < 3; i++) expect((await read(headers, aIncident)).statusCode).toBe(200);
      expect(verify).not.toHaveBeenCalled();
      const other = { authorization: `Bearer ${await t.tokenFor(user)}` };
      await t.inject({ method: 'POST', url: '/api/users/sessions', headers: other });
      expect((await read(other, aIncident)).statusCode).toBe(200);
      expect((await read(other, aIncident)).statusCode).toBe(200);
      // The new token was verified once, by its first request.
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('still reads privileges and the user status from the database on every call', async () => {
    const user = await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_SEARCH'] });
    const headers = await t.signIn(user);
    expect((await read(headers, aIncident)).statusCode).toBe(200);

    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['INCIDENT_ANALYSIS'] })
        .where(sql`${workgroups.id} = ${user.workgroupId}`),
    );
    expect((await read(headers, aIncident)).statusCode).toBe(403);

    await t.database.system((tx) =>
      tx
        .update(workgroups)
        .set({ privileges: ['ALLINCIDENT_SEARCH'] })
        .where(sql`${workgroups.id} = ${user.workgroupId}`),
    );
    expect((await read(headers, aIncident)).statusCode).toBe(200);
    await t.database.system((tx) => tx.update(users).set({ status: 2 }).where(sql`${users.id} = ${user.id}`));
    const refused = await read(headers, aIncident);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'USER_NOT_ACTIVE' });
  });

  it('keeps companies apart on reused connections, and a connection left by a request sees no tenant rows', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await read(aHeaders, aIncident)).statusCode).toBe(200);
      expect((await read(bHeaders, aIncident)).statusCode).toBe(404);
      expect((await read(bHeaders, bIncident)).statusCode).toBe(200);
      const seen = await t.database.noTenant((tx) => tx.execute(sql`select count(*)::int as n from incidents`));
      expect(rowsOf<{ n: number }>(seen)[0]?.n).toBe(0);
      const own = await t.database.tenant(b.accountId, (tx) =>
        tx.execute(sql`select count(*)::int as n from incidents where id = ${aIncident}`),
      );
      expect(rowsOf<{ n: number }>(own)[0]?.n).toBe(0);
    }
  });

  it('runs a read (GET) read-only: a write in it fails, so a GET that writes must say so (writes: true)', async () => {
    const scope = await t.database.principalScope(
      { userId: a.staff.id, email: null, sessionId: 'none' },
      { readOnly: true },
    );
    await expect(
      scope.tenant((tx) => tx.execute(sql`update incidents set summary = summary where id = ${aIncident}`)),
    ).rejects.toMatchObject({ cause: { code: '25006' } });
    scope.release();

    const writing = await t.database.principalScope(
      { userId: a.staff.id, email: null, sessionId: 'none' },
      { readOnly: false },
    );
    const updated = await writing.tenant((tx) =>
      tx.execute(sql`update incidents set summary = summary where id = ${aIncident}`),
    );
    expect(
      (updated as unknown as { rowCount: number }).rowCount ?? (updated as { affectedRows?: number }).affectedRows,
    ).toBe(1);
  });
});

describe('VerifiedTokenCache', () => {
  const payload = (exp: number) => ({ sub: 'u', exp });

  it('answers a token until its exp, then forgets it', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t1', payload(1000));
    expect(cache.get('t1', 999_999)).toEqual(payload(1000));
    expect(cache.get('t1', 1_000_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps no token without an exp, and drops the oldest when full', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('none', { sub: 'u' });
    expect(cache.get('none', 0)).toBeUndefined();
    cache.set('t1', payload(10));
    cache.set('t2', payload(10));
    cache.set('t3', payload(10));
    expect(cache.size).toBe(2);
    expect(cache.get('t1', 0)).toBeUndefined();
    expect(cache.get('t3', 0)).toEqual(payload(10));
  });
});
