import { SITE_ADMIN_MESSAGES } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../../bench/scale/scratch-postgres';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestContext, type TestUser } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { lookups, systemState, users } from '../../db/schema/index';
import { DEMO_ADMIN_EMAIL, DEMO_MARKER, DEMO_STAFF_EMAIL } from '../../db/seed/demo';
import { DEMO_EMAIL_TAKEN, NO_DEMO_COMPANY } from './demo-restore';
import { grantSystemAdmins } from './system-admins';

const IMPORT = '/api/siteAdmins/demoServer/import';
const QUICKBOOKS = '/api/siteAdmins/authenticateQuickBooks';

/** What a person sees of the demo company: counts of its rows and the values that matter. */
async function snapshot(t: TestContext, accountId: string) {
  const rows = async (query: string) =>
    ((await t.database.tenant(accountId, (tx) => tx.execute(sql.raw(query)))) as unknown as { rows: unknown[] }).rows;
  const [counts] = await rows(
    `select (select count(*) from incidents)::int as incidents,
            (select count(*) from incidents where status = 2)::int as closed,
            (select count(*) from incidents where locked)::int as locked,
            (select count(*) from incident_history)::int as history,
            (select count(*) from incident_persons)::int as persons,
            (select count(*) from parties)::int as parties,
            (select count(*) from lookups)::int as lookups,
            (select count(*) from users where deleted_at is null)::int as users,
            (select count(*) from workgroups)::int as workgroups,
            (select count(*) from notifications)::int as notifications,
            (select count(*) from sessions)::int as sessions`,
  );
  return {
    counts,
    account: await rows(
      'select id, company_name, trial, subscription_type, concurrent_user_count, billing_email, is_demo from accounts',
    ),
    people: await rows('select id, email, first_name, last_name, status from users order by email'),
    lookups: await rows('select type, name, active from lookups order by type, name'),
    numbers: await rows('select number, status, locked from incidents order by number'),
  };
}

// Each restore writes the whole demo company again (about 25 s on PGlite on an idle 2-core
// machine): twice the default timeouts left no margin when CI runs the other test files beside it.
const RESTORE_TIMEOUT_MS = 120_000;

describe('POST /api/siteAdmins/demoServer/import', { timeout: RESTORE_TIMEOUT_MS }, () => {
  let t: TestContext;
  let admin: TestUser;
  let staff: TestUser;
  let first: Awaited<ReturnType<typeof snapshot>>;

  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    // On PostgreSQL the test files share one database: restoring the demo company must not pull it
    // from under demo-history.test.ts, so this file gets a database of its own there.
    scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
    // The demo staff user is a configured system administrator (as in the browser tests' server).
    const config = { systemAdminEmails: [DEMO_STAFF_EMAIL], ...(scratch ? { databaseUrl: scratch.url } : {}) };
    t = await createTestContext({ demo: true, config });
    admin = await t.userByEmail(DEMO_ADMIN_EMAIL);
    staff = await t.userByEmail(DEMO_STAFF_EMAIL);
    first = await snapshot(t, admin.accountId);
  }, RESTORE_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('is refused (404) to a demo staff user and to the administrator of another company', async () => {
    const other = await t.createCompany();
    for (const user of [staff, other.admin]) {
      const response = await t.inject({ method: 'POST', url: IMPORT, headers: await t.signIn(user) });
      expect(response.statusCode).toBe(404);
    }
    const [company] = await t.database.system((tx) => tx.select().from(users).where(eq(users.id, admin.id)));
    expect(company?.systemAdmin).toBe(false);
  });

  it('puts back the company after a new incident, a renamed lookup and a deleted user; sessions end', async () => {
    const headers = await t.signIn(admin);
    const refs = await companyRefs(t.database, admin.accountId);
    await submitIncident(t, headers, refs);
    const [lookup] = await t.database.tenant(admin.accountId, (tx) =>
      tx.select().from(lookups).where(eq(lookups.type, 'department')).limit(1),
    );
    if (!lookup) throw new Error('no department');
    await t.database.tenant(admin.accountId, (tx) =>
      tx.update(lookups).set({ name: 'Renamed department' }).where(eq(lookups.id, lookup.id)),
    );
    const removed = await t.inject({ method: 'DELETE', url: `/api/users/${staff.id}`, headers });
    expect(removed.statusCode).toBeLessThan(300);
    const changed = await snapshot(t, admin.accountId);
    expect(changed.counts).not.toEqual(first.counts);
    expect(changed.lookups).not.toEqual(first.lookups);

    const response = await t.inject({ method: 'POST', url: IMPORT, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ incidents: (first.counts as { incidents: number }).incidents });
    expect(await snapshot(t, admin.accountId)).toEqual(first);
    // The session that asked ended with the others: sign in again (the demo password works).
    const after = await t.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(after.statusCode).toBe(401);
    const again = await t.inject({ method: 'GET', url: '/api/notifications', headers: await t.signIn(admin) });
    expect(again.statusCode).toBe(200);
  });

  it('is atomic: when it fails midway the company stays as it was', async () => {
    const headers = await t.signIn(admin);
    await t.database.tenant(admin.accountId, async (tx) => {
      const [one] = await tx.select().from(lookups).where(eq(lookups.type, 'department')).limit(1);
      await tx
        .update(lookups)
        .set({ name: 'Kept rename' })
        .where(and(eq(lookups.id, one?.id ?? '')));
    });
    expect((await t.inject({ method: 'DELETE', url: `/api/users/${staff.id}`, headers })).statusCode).toBeLessThan(300);
    // The deleted staff user's address is taken by a user of another company: re-creating the
    // demo users fails after the company was deleted.
    const other = await t.createCompany();
    await t.database.system((tx) =>
      tx.update(users).set({ email: DEMO_STAFF_EMAIL }).where(eq(users.id, other.staff.id)),
    );
    const before = await snapshot(t, admin.accountId);
    const response = await t.inject({ method: 'POST', url: IMPORT, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: DEMO_EMAIL_TAKEN });
    expect(await snapshot(t, admin.accountId)).toEqual(before);
    expect(before.lookups).toContainEqual({ type: 'department', name: 'Kept rename', active: true });
    // The session still works: nothing was ended.
    expect((await t.inject({ method: 'GET', url: '/api/notifications', headers })).statusCode).toBe(200);
    await t.database.system((tx) =>
      tx.update(users).set({ email: 'moved@other.example' }).where(eq(users.id, other.staff.id)),
    );
    expect((await t.inject({ method: 'POST', url: IMPORT, headers })).statusCode).toBe(200);
    expect(await snapshot(t, admin.accountId)).toEqual(first);
  });

  it('leaves a configured system administrator one, without a restart', async () => {
    // As the server's start does (main.ts).
    await grantSystemAdmins(t.database, [DEMO_STAFF_EMAIL]);
    const demoStaff = await t.userByEmail(DEMO_STAFF_EMAIL);
    const quickBooks = async () =>
      (await t.inject({ method: 'GET', url: QUICKBOOKS, headers: await t.signIn(demoStaff) })).statusCode;
    const before = await quickBooks();
    expect(before).not.toBe(404);

    const response = await t.inject({ method: 'POST', url: IMPORT, headers: await t.signIn(admin) });
    expect(response.statusCode).toBe(200);
    const flags = await t.database.system((tx) =>
      tx
        .select({ email: users.email, systemAdmin: users.systemAdmin })
        .from(users)
        .where(eq(users.accountId, admin.accountId)),
    );
    expect(flags.filter((user) => user.systemAdmin).map((user) => user.email)).toEqual([DEMO_STAFF_EMAIL]);
    // Signed in again after the restore, the site-admin call answers as before.
    expect(await quickBooks()).toBe(before);
  });
});

describe('the demo restore by environment', () => {
  const elsewhere = 'https://blotter.example.com';
  it.each([
    ['prod', elsewhere, 403],
    ['test', elsewhere, 403],
    ['demo', elsewhere, 400],
    // A server on localhost is 'localhost' whatever APP_ENV says (the browser tests run as test).
    ['test', 'http://localhost:3460', 400],
  ] as const)('on a %s server at %s a system administrator is answered %i', async (environment, publicUrl, status) => {
    const t = await createTestContext({ config: { environment, publicUrl } });
    try {
      const company = await t.createCompany();
      await t.database.system((tx) =>
        tx.update(users).set({ systemAdmin: true }).where(eq(users.id, company.staff.id)),
      );
      // These servers were started without a demo company; on PostgreSQL the test database is
      // shared by every test file, and another file's demo company may be there.
      const demo = await t.database.system((tx) =>
        tx.select().from(systemState).where(eq(systemState.key, DEMO_MARKER)),
      );
      const response = await t.inject({ method: 'POST', url: IMPORT, headers: await t.signIn(company.staff) });
      if (status === 403) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN', message: SITE_ADMIN_MESSAGES.demoRestoreUnavailable });
      } else if (demo.length === 0) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: NO_DEMO_COMPANY });
      } else {
        expect(response.statusCode).toBe(200);
      }
      const config = await t.inject({ method: 'GET', url: '/api/config' });
      expect(config.json<{ demoRestore: boolean }>().demoRestore).toBe(status !== 403);
      // A company administrator without the flag never learns the call exists.
      const refused = await t.inject({ method: 'POST', url: IMPORT, headers: await t.signIn(company.admin) });
      expect(refused.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('SYSTEM_ADMIN_EMAILS', () => {
  it('makes the users of those addresses (any case) system administrators, once', async () => {
    const t = await createTestContext();
    try {
      const company = await t.createCompany();
      const emails = [company.staff.email.toUpperCase(), 'nobody@nowhere.example'];
      expect(
        await grantSystemAdmins(
          t.database,
          emails.map((e) => e.toLowerCase()),
        ),
      ).toBe(1);
      expect(
        await grantSystemAdmins(
          t.database,
          emails.map((e) => e.toLowerCase()),
        ),
      ).toBe(0);
      const flags = await t.database.system((tx) =>
        tx
          .select({ id: users.id, systemAdmin: users.systemAdmin })
          .from(users)
          .where(eq(users.accountId, company.accountId)),
      );
      expect(flags.find((u) => u.id === company.staff.id)?.systemAdmin).toBe(true);
      expect(flags.find((u) => u.id === company.admin.id)?.systemAdmin).toBe(false);
      const config = loadConfig({ SYSTEM_ADMIN_EMAILS: ' A@X.example , b@y.example,' });
      expect(config.systemAdminEmails).toEqual(['a@x.example', 'b@y.example']);
    } finally {
      await t.close();
    }
  });
});
