import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitNow } from '../src/db/client';
import { users, workgroups } from '../src/db/schema/index';
import { writeAudit, writeReadAudit } from '../src/modules/audit/audit.service';
import { VerifiedTokenCache } from '../src/plugins/auth';
import { companyRefs } from './fixtures/incident-fixtures';
import { group } from './fixtures/search-fixtures';
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
    'reads one incident in one round trip on PostgreSQL: the principal with the tenant, and the incident sent with it',
    async () => {
      await read(aHeaders, aIncident);
      // Whether an earlier statement had been answered when each one was sent.
      const answeredBefore: boolean[] = [];
      let answered = false;
      const original = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        answeredBefore.push(answered);
        const promise = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        promise.then(
          () => {
            answered = true;
          },
          () => {},
        );
        return promise as never;
      });
      try {
        const response = await read(aHeaders, aIncident);
        expect(response.statusCode).toBe(200);
        expect(response.json().id).toBe(aIncident);
        const statements = spy.mock.calls.map(([config]) =>
          typeof config === 'string' ? config : String((config as { text?: string }).text),
        );
        expect(statements).toHaveLength(2);
        expect(statements[0]).toContain('blotter_principal_scope');
        expect(statements[1]).toContain('json_build_object');
        // The incident was sent before the principal was answered: one round trip.
        expect(answeredBefore).toEqual([false, false]);
      } finally {
        spy.mockRestore();
      }
    },
  );

  it.runIf(onPostgres)(
    'answers a search page in two round trips on PostgreSQL: the principal, then its audit entry, the page and COMMIT together',
    async () => {
      const search = () =>
        t.inject({
          method: 'POST',
          url: '/api/incidents/search?total=deferred',
          headers: aHeaders,
          payload: { criteria: { status: group([{ status: 1 }, { status: 2 }]) } },
        });
      expect((await search()).statusCode).toBe(200);
      // For each statement: how many were still unanswered when it was sent (0: a new round trip).
      const unanswered: number[] = [];
      let pending = 0;
      const original = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        unanswered.push(pending++);
        const promise = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        promise.then(
          () => pending--,
          () => pending--,
        );
        return promise as never;
      });
      try {
        const response = await search();
        expect(response.statusCode).toBe(200);
        expect(response.json().items.map((row: { id: string }) => row.id)).toEqual([aIncident]);
        const statements = spy.mock.calls.map(([config]) =>
          typeof config === 'string' ? config : String((config as { text?: string }).text),
        );
        expect(statements[0]).toContain('blotter_principal_scope');
        expect(statements.at(-1)).toBe('commit');
        expect(statements.filter((text) => text === 'commit')).toHaveLength(1);
        expect(unanswered.filter((n) => n === 0)).toHaveLength(2);
      } finally {
        spy.mockRestore();
      }
    },
  );

  it.runIf(onPostgres)(
    "a prefetch answers only on its own request's connection state, never under a tenant left by another",
    async () => {
      const { incidentDetailPrefetch } = await import('../src/modules/incidents/view/incident-view.queries');
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: '-c role=blotter_app' });
      await client.connect();
      try {
        // The connection as an earlier request of company A left it.
        await client.query(
          "select set_config('app.account_id', $1, false), set_config('app.request', 'earlier', false)",
          [a.accountId],
        );
        const prefetch = incidentDetailPrefetch(aIncident);
        const run = (nonce: string) =>
          client.query(prefetch.query.forRequest().statement({ ...prefetch.values, requestNonce: nonce }));
        expect((await run('this-request')).rows[0].value).toBeNull();
        expect((await run('earlier')).rows[0].value.id).toBe(aIncident);
      } finally {
        await client.end();
      }
    },
  );

  it("reads nothing with the principal of a token whose user is gone, and answers another company's incident 404", async () => {
    const scope = await t.database.principalScope(
      { userId: '00000000-0000-4000-8000-000000000000', email: null, sessionId: 'none' },
      {
        readOnly: true,
        prefetch: (await import('../src/modules/incidents/view/incident-view.queries')).incidentDetailPrefetch(
          aIncident,
        ),
      },
    );
    try {
      expect(scope.row).toBeNull();
    } finally {
      scope.release();
    }
    expect((await read(bHeaders, aIncident)).statusCode).toBe(404);
    expect((await read(aHeaders, aIncident)).statusCode).toBe(200);
  });

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

  it("runs a write's statements inside its transaction (BEGIN is not waited for) and rolls them back on an error", async () => {
    const title = `rollback ${randomUUID()}`;
    const actor = { accountId: a.accountId, userId: a.staff.id, name: 'Request path test' };
    const entry = { objectType: 'SEARCH', transactionType: 'SEARCH', objectName: title } as const;
    const kept = async () => {
      const result = await t.database.system((tx) =>
        tx.execute(sql`select count(*)::int as n from audit_entries where object_name = ${title}`),
      );
      return rowsOf<{ n: number }>(result)[0]?.n;
    };
    const writing = await t.database.principalScope(
      { userId: a.staff.id, email: null, sessionId: 'none' },
      { readOnly: false },
    );
    await expect(
      writing.tenant(async (tx) => {
        await writeAudit(tx, actor, entry);
        throw new Error('after the write');
      }),
    ).rejects.toThrow('after the write');
    expect(await kept()).toBe(0);
    // A statement that fails aborts the transaction: the write before it is not kept either.
    await expect(
      t.database.tenant(a.accountId, async (tx) => {
        await writeAudit(tx, actor, entry);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toBeDefined();
    expect(await kept()).toBe(0);
    await t.database.tenant(a.accountId, (tx) => writeAudit(tx, actor, entry));
    expect(await kept()).toBe(1);
  });

  it('commits what was sent before commitNow together, and nothing when one of those statements fails', async () => {
    const title = `early ${randomUUID()}`;
    const actor = { accountId: a.accountId, userId: a.staff.id, name: 'Request path test' };
    const entry = { objectType: 'SEARCH', transactionType: 'SEARCH', objectName: title } as const;
    const count = async () => {
      const result = await t.database.system((tx) =>
        tx.execute(sql`select count(*)::int as n from audit_entries where object_name = ${title}`),
      );
      return rowsOf<{ n: number }>(result)[0]?.n;
    };
    const answer = await t.database.tenant(a.accountId, async (tx) => {
      const written = writeReadAudit(tx, actor, entry);
      // then(): drizzle sends a statement only once it is awaited.
      const read = tx.execute(sql`select count(*)::int as n from incidents`).then((r) => r);
      commitNow(tx);
      await written;
      return rowsOf<{ n: number }>(await read)[0]?.n;
    });
    expect(answer).toBe(1);
    expect(await count()).toBe(1);
    await expect(
      t.database.tenant(a.accountId, async (tx) => {
        const written = writeReadAudit(tx, actor, entry);
        const failing = tx.execute(sql`select 1 / 0`).then((r) => r);
        commitNow(tx);
        await Promise.all([written, failing]);
      }),
    ).rejects.toBeDefined();
    expect(await count()).toBe(1);
    // The tenant and role held for every statement sent before the COMMIT.
    const seen = await t.database.tenant(b.accountId, async (tx) => {
      const read = tx.execute(sql`select count(*)::int as n from incidents where id = ${aIncident}`).then((r) => r);
      commitNow(tx);
      return rowsOf<{ n: number }>(await read)[0]?.n;
    });
    expect(seen).toBe(0);
  });

  it("commits a read's audit entry without waiting for the WAL flush, only in its own transaction, and keeps it atomic", async () => {
    const title = `read ${randomUUID()}`;
    const actor = { accountId: a.accountId, userId: a.staff.id, name: 'Request path test' };
    const entry = { objectType: 'SEARCH', transactionType: 'SEARCH', objectName: title } as const;
    const setting = (tx: Parameters<Parameters<typeof t.database.system>[0]>[0]) =>
      tx
        .execute(sql`select current_setting('synchronous_commit') as value`)
        .then((r) => rowsOf<{ value: string }>(r)[0]?.value);
    const during = await t.database.tenant(a.accountId, async (tx) => {
      await writeReadAudit(tx, actor, entry);
      return setting(tx);
    });
    // PGlite runs without fsync: nothing to wait for, so the read does not set it.
    expect(during).toBe(onPostgres ? 'off' : 'on');
    // A change of data still waits for the flush, on whichever connection it gets.
    for (let i = 0; i < 3; i++) {
      expect(
        await t.database.tenant(a.accountId, async (tx) => {
          await writeAudit(tx, actor, { ...entry, objectName: `${title} change` });
          return setting(tx);
        }),
      ).toBe('on');
    }
    await expect(
      t.database.tenant(a.accountId, async (tx) => {
        await writeReadAudit(tx, actor, { ...entry, objectName: `${title} failed` });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toBeDefined();
    const counts = await t.database.system((tx) =>
      tx.execute(sql`select object_name as name, count(*)::int as n from audit_entries
        where object_name like ${`${title}%`} group by object_name order by object_name`),
    );
    expect(rowsOf<{ name: string; n: number }>(counts)).toEqual([
      { name: title, n: 1 },
      { name: `${title} change`, n: 3 },
    ]);
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
