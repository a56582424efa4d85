import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { startMfaStep } from '../src/oidc/mfa-step';
import { companyRefs, incidentForm } from './fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from './test-app';

/** Tables that hold company data; each must be limited to the tenant of the transaction. */
const TENANT_TABLES = [
  'accounts',
  'api_tokens',
  'users',
  'webhook_deliveries',
  'webhook_endpoints',
  'workgroups',
  'incidents',
  'incident_history',
  'draft_incidents',
  'lookups',
  'lookup_labels',
  'notifications',
  'notification_dismissals',
  'audit_entries',
  'audit_chain_heads',
  'sessions',
  'email_verifications',
  'password_resets',
  'jobs',
  'parties',
  'attachments',
  'lookup_addresses',
  'incident_persons',
  'incident_companies',
  'incident_vehicles',
  'incident_items',
  'incident_corrective_actions',
  'saved_searches',
  'incident_search',
  'saved_analyses',
  'incident_notifications',
  'incident_notification_classes',
  'report_uploads',
  'mfa_devices',
  'mfa_codes',
  'mfa_sign_in_steps',
  'payment_profiles',
  'subscription_payments',
  'subscription_receipts',
  'idempotency_keys',
  'subject_vehicles',
  'subject_bans',
  'subject_merges',
  'incident_subject_alerts',
  'imports',
  'import_rows',
  'import_mappings',
] as const;

const tenantColumn = (table: string) => (table === 'accounts' ? 'id' : 'account_id');

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function countRows(tx: Tx, table: string, where = 'true'): Promise<number> {
  const result = await tx.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/** The message of a database error, looking through the query wrapper to its cause. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}

let t: TestContext;
let a: TestCompany;
let b: TestCompany;

/**
 * Gives a company a row in every tenant table: sessions, an incident with history and a card of
 * every part, a draft, a dismissal, a pending user's verification link with its queued email, a
 * password reset link, and a saved search.
 */
async function populate(company: TestCompany) {
  const pending = await t.createUser(company.accountId, { status: 0 });
  const pendingHeaders = { authorization: `Bearer ${await t.tokenFor(pending)}` };
  const resent = await t.inject({ method: 'POST', url: '/api/users/myEmailVerification', headers: pendingHeaders });
  expect(resent.statusCode).toBe(204);
  const headers = await t.signIn(company.staff);
  await t.signIn(company.admin);
  // A password reset link (Change Password on the profile).
  const reset = await t.inject({ method: 'GET', url: '/api/users/requestChangePassword', headers });
  expect(reset.statusCode).toBe(204);
  // A person, a legal entity, a vehicle, an item and a corrective action (and their register entries).
  const form = incidentForm(await companyRefs(t.database, company.accountId));
  // Sent with an Idempotency-Key, as a phone's outbox sends it: an idempotency_keys row.
  const created = await t.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: { ...headers, 'idempotency-key': `${randomUUID()}:submit` },
    payload: form,
  });
  expect(created.statusCode, created.body).toBe(200);
  const draft = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} });
  expect(draft.statusCode).toBe(200);
  const notificationId = randomUUID();
  await t.database.system(async (tx) => {
    await tx.execute(
      sql`insert into notifications (id, account_id, message, notification_type) values (${notificationId}, ${company.accountId}, 'Welcome', 'GENERAL')`,
    );
    // An import (issue 32) with a row outcome, and the company's last mapping.
    await tx.execute(
      sql`with imported as (
            insert into imports (account_id, create_user_id, file_name, file_key, file_kind, sheets, mapping)
            values (${company.accountId}, ${company.admin.id}, 'history.csv', 'none/imports/x.csv', 'csv', '[]'::jsonb,
              '{"sheets":[],"values":{}}'::jsonb)
            returning id)
          insert into import_rows (account_id, import_id, sheet, row_number, source_ref, outcome, reason)
          select ${company.accountId}, id, 'history', 2, 'OLD-1', 'refused', 'Date reported is required.' from imported`,
    );
    await tx.execute(
      sql`insert into import_mappings (account_id, mapping) values (${company.accountId}, '{"sheets":[],"values":{}}'::jsonb)`,
    );
  });
  const dismissed = await t.inject({ method: 'DELETE', url: `/api/notifications/${notificationId}`, headers });
  expect(dismissed.statusCode).toBe(204);
  // A stored card and the first period's payment (issue 15).
  const admin = await t.signIn(company.admin);
  const card = await t.inject({
    method: 'POST',
    url: '/api/payments/methods',
    headers: admin,
    payload: { token: 'tok_visa', email: 'billing@example.com' },
  });
  expect(card.statusCode).toBe(200);
  const plan = await t.inject({
    method: 'POST',
    url: '/api/subscriptions2',
    headers: admin,
    payload: { periodType: 'MONTH', concurrentUserCount: 205 },
  });
  expect(plan.statusCode, plan.body).toBe(200);
  // The party register, an attachment and a location address.
  const owner = await t.inject({ method: 'GET', url: '/api/companies/owner', headers });
  expect(owner.statusCode).toBe(200);
  await t.database.system((tx) =>
    tx.execute(
      sql`insert into attachments (account_id, incident_id, name, file_key, file_name, file_type, file_size, attachment_type)
          values (${company.accountId}, ${created.json<{ id: string }>().id}, 'Photo', 'none/x.txt', 'x.txt', 'text/plain', 1, 'TXT')`,
    ),
  );
  const [location] = await t.database
    .system((tx) =>
      tx.execute(sql`select id from lookups where account_id = ${company.accountId} and type = 'location' limit 1`),
    )
    .then((r) => rowsOf<{ id: string }>(r));
  const address = await t.inject({
    method: 'POST',
    url: '/api/lookupAddresses',
    headers: await t.signIn(company.admin),
    payload: { lookupLocationId: location?.id, address: '1 Main Street' },
  });
  expect(address.statusCode).toBe(200);
  // A ban on the incident's person (subject_bans); its vehicle is in the register (subject_vehicles).
  const [person] = await t.database
    .system((tx) =>
      tx.execute(
        sql`select id from parties where account_id = ${company.accountId} and person_type = 0 and not is_owner limit 1`,
      ),
    )
    .then((r) => rowsOf<{ id: string }>(r));
  const ban = await t.inject({
    method: 'POST',
    url: `/api/subjects/person/${person?.id}/bans`,
    headers: await t.signIn(company.admin),
    payload: { banType: 'ban', reason: 'Shoplifting.', locationIds: [], startDate: '2026-01-01', endDate: null },
  });
  expect(ban.statusCode, ban.body).toBe(200);
  // A merge (subject_merges): a second record of the same person, merged into the first.
  const [copy] = await t.database
    .system((tx) =>
      tx.execute(
        sql`insert into parties (account_id, person_type, first_name, last_name, search_name, data)
            select account_id, person_type, first_name, last_name, search_name, data from parties where id = ${person?.id ?? null}
            returning id`,
      ),
    )
    .then((r) => rowsOf<{ id: string }>(r));
  const merge = await t.inject({
    method: 'POST',
    url: `/api/subjects/person/${person?.id}/merge`,
    headers: await t.signIn(company.admin),
    payload: { mergedId: copy?.id },
  });
  expect(merge.statusCode, merge.body).toBe(200);
  // An incident naming the banned person: its alert (incident_subject_alerts).
  const banned = await t.inject({
    method: 'POST',
    url: '/api/incidents',
    headers,
    payload: { ...form, persons: form.persons.map((card) => ({ ...card, personId: person?.id ?? null })) },
  });
  expect(banned.statusCode, banned.body).toBe(200);
  // A webhook endpoint (webhook_endpoints) and the test event's delivery (webhook_deliveries).
  const adminHeaders = await t.signIn(company.admin);
  const webhook = await t.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: adminHeaders,
    payload: { url: 'http://127.0.0.1:9/hooks', events: ['incident.closed'] },
  });
  expect(webhook.statusCode, webhook.body).toBe(200);
  const testEvent = await t.inject({
    method: 'POST',
    url: `/api/webhooks/${webhook.json<{ id: string }>().id}/test`,
    headers: adminHeaders,
  });
  expect(testEvent.statusCode, testEvent.body).toBe(200);
  // A saved search on the dashboard.
  const saved = await t.inject({
    method: 'POST',
    url: '/api/incidents/search/custom',
    headers,
    payload: { name: 'Open incidents', criteria: { status: { values: [{ id: 's1', status: 1 }] } } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A saved analysis on the dashboard.
  const analysis = await t.inject({
    method: 'POST',
    url: '/api/analysis/custom',
    headers: await t.signIn(company.admin),
    payload: {
      name: 'Thefts',
      criteria: [{ period: { id: 'p1', type: 'lastNDays', days: 30 }, frequency: 'month', chartType: 'bar' }],
      chartType: 'bar',
      frequency: 'month',
    },
  });
  expect(analysis.statusCode, analysis.body).toBe(200);
  // Rows of a report uploaded for printing.
  const report = await t.inject({
    method: 'POST',
    url: '/api/reports',
    headers: await t.signIn(company.admin),
    payload: { id: randomUUID(), title: 'Report', data: { columns: ['Number'], rows: [['1']] } },
  });
  expect(report.statusCode, report.body).toBe(200);
  // An incident email notification rule with a class row.
  const [incidentClass] = await t.database
    .system((tx) =>
      tx.execute(
        sql`select id from lookups where account_id = ${company.accountId} and type = 'incidentClass' limit 1`,
      ),
    )
    .then((r) => rowsOf<{ id: string }>(r));
  const rule = await t.inject({
    method: 'POST',
    url: '/api/incidentNotifications',
    headers: await t.signIn(company.admin),
    payload: {
      name: 'Theft alert',
      recipientEmails: ['guard@example.com'],
      lookupClasses: [{ classLookupId: incidentClass?.id, eventTypeList: 'CREATE' }],
    },
  });
  expect(rule.statusCode, rule.body).toBe(200);
  // An API token (issue 32 §2).
  const apiToken = await t.inject({
    method: 'POST',
    url: '/api/apiTokens',
    headers: await t.signIn(company.admin),
    payload: { name: 'Sync', privileges: ['ALLINCIDENT_SEARCH'] },
  });
  expect(apiToken.statusCode, apiToken.body).toBe(200);
  // A verification phone being enrolled (a device and its code), and a sign-in waiting for its code.
  const enrol = await t.inject({
    method: 'POST',
    url: '/api/mfa/startEnrol',
    headers,
    payload: { phoneNumber: '15551112222' },
  });
  expect(enrol.statusCode, enrol.body).toBe(204);
  await t.database.system(async (tx) => {
    await tx.execute(sql`update accounts set mfa = true where id = ${company.accountId}`);
    await tx.execute(sql`update users set mfa = true where id = ${company.staff.id}`);
  });
  expect(await startMfaStep(t.database, t.config.publicUrl, company.staff, randomUUID())).toContain('token=');
  // The audit entries chained: the company's chain head.
  await t.app.auditSealer.sealAll();
}

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Tenant A' });
  b = await t.createCompany({ name: 'Tenant B' });
  await populate(a);
  await populate(b);
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('is enabled with a policy on every table that has an account_id column', async () => {
    const tables = await t.database.system((tx) =>
      tx.execute(sql`
        select c.relname as name, c.relrowsecurity as rls,
          exists (select 1 from pg_policies p where p.tablename = c.relname) as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and (c.relname = 'accounts' or exists (
            select 1 from information_schema.columns col
            where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'account_id'))`),
    );
    const found = rowsOf<{ name: string; rls: boolean; policy: boolean }>(tables);
    expect(found.map((row) => row.name).sort()).toEqual([...TENANT_TABLES].sort());
    for (const row of found)
      expect({ table: row.name, rls: row.rls, policy: row.policy }).toEqual({
        table: row.name,
        rls: true,
        policy: true,
      });
  });

  it('shows no rows of any tenant table to a transaction without a tenant', async () => {
    for (const table of TENANT_TABLES) {
      const column = tenantColumn(table);
      const existing = await t.database.system((tx) =>
        countRows(tx, table, `${column} in ('${a.accountId}', '${b.accountId}')`),
      );
      expect(existing, `${table} has rows of both companies`).toBeGreaterThanOrEqual(2);
      expect(await t.database.noTenant((tx) => countRows(tx, table)), `${table} without a tenant`).toBe(0);
    }
  });

  it("shows a tenant transaction exactly its own company's rows", async () => {
    for (const table of TENANT_TABLES) {
      const column = tenantColumn(table);
      const own = await t.database.system((tx) => countRows(tx, table, `${column} = '${a.accountId}'`));
      const seen = await t.database.tenant(a.accountId, async (tx) => ({
        all: await countRows(tx, table),
        others: await countRows(tx, table, `${column} <> '${a.accountId}'`),
      }));
      expect(seen, table).toEqual({ all: own, others: 0 });
      expect(own, table).toBeGreaterThan(0);
    }
  });

  it("refuses to insert a row for another company inside a tenant's transaction", async () => {
    const insertForB = t.database.tenant(a.accountId, (tx) =>
      tx.execute(
        sql`insert into notifications (account_id, message, notification_type) values (${b.accountId}, 'Planted', 'GENERAL')`,
      ),
    );
    await expect(insertForB.catch((error: unknown) => Promise.reject(new Error(errorText(error))))).rejects.toThrow(
      /row-level security policy for table "notifications"/,
    );
    const noTenantInsert = t.database.noTenant((tx) =>
      tx.execute(
        sql`insert into notifications (account_id, message, notification_type) values (${a.accountId}, 'Orphan', 'GENERAL')`,
      ),
    );
    await expect(noTenantInsert.catch((error: unknown) => Promise.reject(new Error(errorText(error))))).rejects.toThrow(
      /row-level security policy/,
    );
    const planted = await t.database.system((tx) => countRows(tx, 'notifications', `message in ('Planted', 'Orphan')`));
    expect(planted).toBe(0);
  });

  it("refuses to move an own row to another company and cannot touch the other company's rows", async () => {
    const move = t.database.tenant(a.accountId, (tx) =>
      tx.execute(sql`update notifications set account_id = ${b.accountId} where account_id = ${a.accountId}`),
    );
    await expect(move.catch((error: unknown) => Promise.reject(new Error(errorText(error))))).rejects.toThrow(
      /row-level security policy/,
    );
    const changed = await t.database.tenant(a.accountId, async (tx) => {
      const updated = await tx.execute(
        sql`update users set first_name = 'Hijacked' where account_id = ${b.accountId} returning id`,
      );
      const deleted = await tx.execute(sql`delete from incidents where account_id = ${b.accountId} returning id`);
      return rowsOf(updated).length + rowsOf(deleted).length;
    });
    expect(changed).toBe(0);
    const bUsers = await t.database.system((tx) =>
      countRows(tx, 'users', `account_id = '${b.accountId}' and first_name = 'Hijacked'`),
    );
    expect(bUsers).toBe(0);
  });

  it('runs tenant transactions as a role that is neither superuser nor BYPASSRLS', async () => {
    const role = await t.database.tenant(a.accountId, (tx) =>
      tx.execute(sql`
        select current_user as name, r.rolsuper as superuser, r.rolbypassrls as bypass,
          current_setting('app.account_id') as tenant
        from pg_roles r where r.rolname = current_user`),
    );
    expect(rowsOf(role)).toEqual([{ name: 'blotter_app', superuser: false, bypass: false, tenant: a.accountId }]);
    const none = await t.database.noTenant((tx) =>
      tx.execute(sql`select current_user as name, current_setting('app.account_id', true) as tenant`),
    );
    expect(rowsOf(none)).toEqual([{ name: 'blotter_app', tenant: '' }]);
  });

  it('keeps the tenant to its own transaction', async () => {
    await t.database.tenant(a.accountId, (tx) => countRows(tx, 'users'));
    const after = await t.database.system((tx) =>
      tx.execute(sql`select current_user as name, coalesce(current_setting('app.account_id', true), '') as tenant`),
    );
    expect(rowsOf<{ name: string; tenant: string }>(after)[0]?.tenant).toBe('');
    expect(rowsOf<{ name: string }>(after)[0]?.name).not.toBe('blotter_app');
  });
});
