import { randomUUID } from 'node:crypto';
import { type InitData, type LookupNode, SINGLE_LOOKUP_TYPES } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, incidentForm } from './fixtures/incident-fixtures';
import { createTestContext, exampleRequest, type TestCompany, type TestContext } from './test-app';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let aHeaders: Record<string, string>;
/** One id of every kind of company object, per company. */
let aIds: Record<string, string>;
let bIds: Record<string, string>;

const refsByCompany = new Map<string, CompanyRefs>();

/** Creates one object of every kind for the company and answers their ids by kind. */
async function objectsOf(company: TestCompany, headers: Record<string, string>): Promise<Record<string, string>> {
  const ids = await t.database.system(async (tx) => {
    const [lookup] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from lookups where account_id = ${company.accountId} and type = 'incidentClass' limit 1`,
      ),
    );
    // The example query of DELETE /lookupSingles/:id names this type (test-app EXAMPLE_INPUT).
    const [singleLookup] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from lookups where account_id = ${company.accountId} and type = 'department' limit 1`,
      ),
    );
    const [notification] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into notifications (account_id, message, notification_type) values (${company.accountId}, 'Maintenance tonight', 'GENERAL') returning id`,
      ),
    );
    const [draft] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into draft_incidents (account_id, user_id, status) values (${company.accountId}, ${company.admin.id}, 0) returning id`,
      ),
    );
    // On a draft of its own: routes that delete the draft kind must not take the attachment with it.
    const [attachment] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`with holder as (
              insert into draft_incidents (account_id, user_id, status) values (${company.accountId}, ${company.admin.id}, 0)
              returning id)
            insert into attachments (account_id, draft_id, name, file_key, file_name, file_type, file_size, attachment_type)
            select ${company.accountId}, id, 'Attachment 1', 'none/attachments/x.txt', 'x.txt', 'text/plain', 1, 'TXT'
              from holder
            returning id`,
      ),
    );
    const [address] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into lookup_addresses (account_id, lookup_location_id, name)
            select account_id, id, 'Main entrance' from lookups
             where account_id = ${company.accountId} and type = 'location' limit 1
            returning id`,
      ),
    );
    // A dashboard search of the administrator (who makes the requests) and a search report.
    const savedSearch = (target: string) =>
      tx.execute(
        sql`insert into saved_searches (account_id, target, user_id, name, criteria)
            values (${company.accountId}, ${target}, ${company.admin.id}, 'Open incidents',
              '{"status":{"logicalOperation":"OR","values":[{"id":"s1","status":1}]}}'::jsonb)
            returning id`,
      );
    const [dashboardSearch] = rowsOf<{ id: string }>(await savedSearch('dashboard'));
    const [searchReport] = rowsOf<{ id: string }>(await savedSearch('report'));
    // A dashboard analysis of the administrator and a chart report.
    const savedAnalysis = (target: string) =>
      tx.execute(
        sql`insert into saved_analyses (account_id, target, user_id, name, criteria, chart_type, frequency)
            values (${company.accountId}, ${target}, ${company.admin.id}, 'Last 30 days',
              '[{"period":{"id":"p1","type":"lastNDays","days":30},"frequency":"month","chartType":"bar"}]'::jsonb,
              'bar', 'month')
            returning id`,
      );
    const [dashboardAnalysis] = rowsOf<{ id: string }>(await savedAnalysis('dashboard'));
    const [chartReport] = rowsOf<{ id: string }>(await savedAnalysis('report'));
    const [incidentNotification] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`with rule as (
              insert into incident_notifications (account_id, name, recipient_emails)
              values (${company.accountId}, 'Theft alert', array['guard@example.com']) returning id)
            insert into incident_notification_classes (account_id, notification_id, class_lookup_id, event_type_list, position)
            select ${company.accountId}, rule.id, ${lookup?.id ?? null}::uuid, 'CREATE', 0 from rule
            returning notification_id as id`,
      ),
    );
    // A paid charge and its receipt (what the billing card lists and prints).
    const [receipt] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`with payment as (
              insert into subscription_payments (account_id, amount_cents, tax_cents, period_type, period_start,
                period_end, status, kind, concurrent_user_count, idempotency_key, paid_at)
              values (${company.accountId}, 4900, 0, 'MONTH', now(), now() + interval '1 month', 'paid', 'subscribe',
                5, ${`walk:${randomUUID()}`}, now()) returning id)
            insert into subscription_receipts (account_id, payment_id, number, amount_cents, tax_cents, kind,
              period_type, period_start, period_end, concurrent_user_count, company_name, paid_at)
            select ${company.accountId}, payment.id,
              (select coalesce(max(number), 0) + 1 from subscription_receipts where account_id = ${company.accountId}),
              4900, 0, 'subscribe', 'MONTH', now(), now() + interval '1 month', 5, 'Receipt Co', now() from payment
            returning id`,
      ),
    );
    // An API token of the administrator (issue 32 §2); its hash is random, its secret never known.
    const [apiToken] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into api_tokens (account_id, name, token_hash, hint, privileges, created_by)
            values (${company.accountId}, 'Walk token', ${randomUUID()}, 'blt_live_walk', array['ALLINCIDENT_SEARCH'],
              ${company.admin.id})
            returning id`,
      ),
    );
    // An uploaded import (issue 32) with no sheet mapped yet: its calls answer without reading a file.
    const [importRecord] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into imports (account_id, create_user_id, file_name, file_key, file_kind, sheets, mapping)
            values (${company.accountId}, ${company.admin.id}, 'history.csv', 'none/imports/x.csv', 'csv', '[]'::jsonb,
              '{"sheets":[],"values":{}}'::jsonb)
            returning id`,
      ),
    );
    return {
      apiToken: apiToken?.id ?? '',
      import: importRecord?.id ?? '',
      receipt: receipt?.id ?? '',
      lookup: lookup?.id ?? '',
      incidentNotification: incidentNotification?.id ?? '',
      singleLookup: singleLookup?.id ?? '',
      savedSearch: dashboardSearch?.id ?? '',
      searchReport: searchReport?.id ?? '',
      savedAnalysis: dashboardAnalysis?.id ?? '',
      chartReport: chartReport?.id ?? '',
      notification: notification?.id ?? '',
      draft: draft?.id ?? '',
      attachment: attachment?.id ?? '',
      lookupAddress: address?.id ?? '',
    };
  });
  // A full incident, so every part table holds rows of both companies.
  const refs = refsByCompany.get(company.accountId) ?? (await companyRefs(t.database, company.accountId));
  refsByCompany.set(company.accountId, refs);
  const created = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: incidentForm(refs) });
  expect(created.statusCode, created.body).toBe(200);
  const incident = created.json<{ id: string }>().id;
  // Rows of a report uploaded for printing by the administrator (who makes the requests).
  const reportUpload = randomUUID();
  const uploaded = await t.inject({
    method: 'POST',
    url: '/api/reports',
    headers,
    payload: { id: reportUpload, title: 'Open incidents', data: { columns: ['Number'], rows: [['1']] } },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const more = await t.database.system(async (tx) => {
    const [history] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from incident_history where incident_id = ${incident}`),
    );
    const [audit] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from audit_entries where account_id = ${company.accountId} limit 1`),
    );
    // A person of the register (the incident's) and a ban on them (issue 31): the subjects' routes
    // are called with kind 'person' (EXAMPLE_PARAMS of test-app).
    const [subject] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select person_id as id from incident_persons where incident_id = ${incident} and person_id is not null limit 1`,
      ),
    );
    const [ban] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into subject_bans (account_id, subject_kind, subject_id, ban_type, reason, start_date)
            values (${company.accountId}, 'person', ${subject?.id ?? null}, 'ban', 'Shoplifting', '2026-01-01')
            returning id`,
      ),
    );
    // A merge into that person, undone already: the unmerge route finds it (and answers 400).
    const [merge] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into subject_merges (account_id, kind, kept_id, merged_id, merged_party, moved, undone_at)
            values (${company.accountId}, 'person', ${subject?.id ?? null}, ${randomUUID()}, '{}'::jsonb,
              '{"cards":[],"bans":[]}'::jsonb, now())
            returning id`,
      ),
    );
    // A webhook endpoint and one delivery of it (issue 32 §3).
    const [webhook] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into webhook_endpoints (account_id, url, events, secret)
            values (${company.accountId}, 'http://127.0.0.1:9/hooks', '{incident.closed}', 'whsec_dGVzdA==')
            returning id`,
      ),
    );
    const [webhookDelivery] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into webhook_deliveries (account_id, endpoint_id, message_id, event_type, body, status, retry_until)
            values (${company.accountId}, ${webhook?.id ?? null}, 'msg_walk', 'incident.closed', '{}', 'failed', now())
            returning id`,
      ),
    );
    return {
      history: history?.id ?? '',
      audit: audit?.id ?? '',
      subject: subject?.id ?? '',
      ban: ban?.id ?? '',
      merge: merge?.id ?? '',
      webhook: webhook?.id ?? '',
      webhookDelivery: webhookDelivery?.id ?? '',
    };
  });
  return {
    ...ids,
    ...more,
    incident,
    reportUpload,
    // A fresh user every time: a DELETE /users/:id walked earlier must not hide the next route's answer.
    user: (await t.createUser(company.accountId)).id,
    workgroup: company.staffGroupId,
    account: company.accountId,
  };
}

/**
 * Every table a request of company A must never change for company B, with the column naming the
 * company: read from the catalog (each table with row-level security), so a new table is walked
 * without anyone remembering to list it.
 */
async function tenantTables(): Promise<{ name: string; column: string }[]> {
  const result = await t.database.system((tx) =>
    tx.execute(sql`
      select c.relname as name, case when c.relname = 'accounts' then 'id' else 'account_id' end as column
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
      order by c.relname`),
  );
  return rowsOf<{ name: string; column: string }>(result);
}

/** A digest of every row company B owns, to prove a request of company A changed nothing. */
async function fingerprintOf(accountId: string): Promise<string> {
  const tables = await tenantTables();
  return t.database.system(async (tx) => {
    const parts: string[] = [];
    for (const { name: table, column } of tables) {
      const result = await tx.execute(
        sql.raw(
          `select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from ${table} x where ${column} = '${accountId}'`,
        ),
      );
      parts.push(`${table}:${rowsOf<{ digest: string }>(result)[0]?.digest ?? ''}`);
    }
    return parts.join(',');
  });
}

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Company A' });
  b = await t.createCompany({ name: 'Company B' });
  aHeaders = await t.signIn(a.admin);
  const bHeaders = await t.signIn(b.admin);
  aIds = await objectsOf(a, aHeaders);
  bIds = await objectsOf(b, bHeaders);
});
afterAll(() => t.close());

describe("another company's ids", () => {
  it("are checked against every table with row-level security, the company's payment and sign-in rows included", async () => {
    const names = (await tenantTables()).map((table) => table.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'accounts',
        'incidents',
        'payment_profiles',
        'mfa_devices',
        'mfa_codes',
        'password_resets',
        'email_verifications',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(35);
    // Each one reads: a table whose company column is not the one assumed fails here, not silently.
    expect(await fingerprintOf(b.accountId)).toMatch(new RegExp(`^${names.map((n) => `${n}:`).join('[0-9a-f]*,')}`));
  });

  it('are answered 404 NOT_FOUND by every route that takes an id, and change nothing', async () => {
    const routes = t.app.routeSpecs.filter((route) => route.url.includes(':'));
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain('DELETE /notifications/:id');
    const before = await fingerprintOf(b.accountId);
    for (const route of routes) {
      for (const [kind, id] of Object.entries(bIds)) {
        const response = await t.inject({ ...exampleRequest(route, { id }), headers: aHeaders });
        const what = `${route.method} ${route.url} with company B's ${kind}`;
        expect(response.statusCode, what).toBe(404);
        expect(response.json<{ code: string }>().code, what).toBe('NOT_FOUND');
      }
    }
    expect(await fingerprintOf(b.accountId)).toBe(before);
  }, 180_000);

  it("are told apart from the caller's own ids, which every such route finds", async () => {
    // Without this, a route answering 404 to every id would pass the test above.
    for (const route of t.app.routeSpecs.filter((r) => r.url.includes(':'))) {
      // Fresh objects for every route: an earlier DELETE route must not hide this route's answer.
      const own = await objectsOf(a, aHeaders);
      const statuses: Record<string, number> = {};
      for (const [kind, id] of Object.entries(own)) {
        const response = await t.inject({ ...exampleRequest(route, { id }), headers: aHeaders });
        statuses[kind] = response.statusCode;
      }
      const found = Object.values(statuses).some((status) => status !== 404);
      expect(found, `${route.method} ${route.url} found none of company A's own ids: ${JSON.stringify(statuses)}`).toBe(
        true,
      );
    }
  }, 180_000);

  it('as a random id are answered like another company’s: 404', async () => {
    const response = await t.inject({ method: 'DELETE', url: `/api/notifications/${randomUUID()}`, headers: aHeaders });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Notification not found.' });
  });
});

describe("lists never include the other company's rows", () => {
  it('GET /api/incidents/my, even for an incident of B naming the caller as its creator', async () => {
    const planted = randomUUID();
    await t.database.system((tx) =>
      tx.execute(
        sql`insert into incidents (id, account_id, number, create_user_id, assigned_user_id) values (${planted}, ${b.accountId}, 9999, ${a.admin.id}, ${a.admin.id})`,
      ),
    );
    const response = await t.inject({ method: 'GET', url: '/api/incidents/my?psz=100', headers: aHeaders });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: { id: string }[]; total: number }>();
    const ids = page.items.map((row) => row.id);
    expect(ids).toContain(aIds.incident);
    expect(ids).not.toContain(planted);
    expect(ids).not.toContain(bIds.incident);
    // The total and the dashboard's counts leave B's rows out too.
    expect(page.total).toBe(ids.length);
    const counts = await t.inject({ method: 'GET', url: '/api/incidents/my/counts', headers: aHeaders });
    const { open, closed } = counts.json<{ open: number; closed: number }>();
    expect(open + closed).toBe(ids.length);
  });

  it('GET /api/draftIncidents, even for a draft of B owned by the caller', async () => {
    const planted = randomUUID();
    await t.database.system((tx) =>
      tx.execute(
        sql`insert into draft_incidents (id, account_id, user_id, status) values (${planted}, ${b.accountId}, ${a.admin.id}, 0)`,
      ),
    );
    // Every page: the walk above made a draft or two for each route with an id.
    const ids: string[] = [];
    let page = { items: [] as { id: string }[], total: 0 };
    for (let p = 0; p === 0 || ids.length < page.total; p++) {
      const response = await t.inject({ method: 'GET', url: `/api/draftIncidents?psz=100&p=${p}`, headers: aHeaders });
      expect(response.statusCode).toBe(200);
      page = response.json<{ items: { id: string }[]; total: number }>();
      if (page.items.length === 0) break;
      ids.push(...page.items.map((row) => row.id));
    }
    expect(ids).toContain(aIds.draft);
    expect(ids).not.toContain(planted);
    expect(page.total).toBe(ids.length);
    const counts = await t.inject({ method: 'GET', url: '/api/draftIncidents/counts', headers: aHeaders });
    const { draft, editing } = counts.json<{ draft: number; editing: number }>();
    expect(draft + editing).toBe(ids.length);
  });

  it('GET /api/notifications', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/notifications', headers: aHeaders });
    expect(response.statusCode).toBe(200);
    const ids = response.json<{ id: string }[]>().map((row) => row.id);
    expect(ids).toContain(aIds.notification);
    expect(ids).not.toContain(bIds.notification);
  });

  it('GET /api/users/investigators', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/investigators', headers: aHeaders });
    expect(response.statusCode).toBe(200);
    const ids = response.json<{ id: string }[]>().map((row) => row.id);
    expect(ids).toContain(a.admin.id);
    expect(ids).not.toContain(b.admin.id);
  });

  it('GET /api/commons/initData lookups, notifications and investigators', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/commons/initData', headers: aHeaders });
    expect(response.statusCode).toBe(200);
    const data = response.json<InitData>();
    const collect = (nodes: readonly LookupNode[]): string[] => nodes.flatMap((n) => [n.id, ...collect(n.children)]);
    const lookupIds = new Set([
      ...Object.values(data.multipleLookups).flatMap((nodes) => collect(nodes)),
      ...SINGLE_LOOKUP_TYPES.flatMap((type) => (data.singleLookups[type] ?? []).map((item) => item.id)),
    ]);
    const owned = await t.database.system(async (tx) => ({
      a: rowsOf<{ id: string }>(await tx.execute(sql`select id from lookups where account_id = ${a.accountId}`)),
      b: rowsOf<{ id: string }>(await tx.execute(sql`select id from lookups where account_id = ${b.accountId}`)),
    }));
    expect(lookupIds.size).toBe(owned.a.length);
    for (const { id } of owned.a) expect(lookupIds.has(id)).toBe(true);
    for (const { id } of owned.b) expect(lookupIds.has(id)).toBe(false);
    expect(data.notifications.map((n) => n.id)).not.toContain(bIds.notification);
    expect(data.investigators.map((i) => i.id)).not.toContain(b.admin.id);
    expect(data.companySettings.companyName).toBe('Company A');
  });
});
