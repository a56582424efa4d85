import type { HistoryEntry, MyIncidentCounts } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/test-app';
import { DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL } from '../demo';
import { seedDatabase } from '../index';
import type { DemoRefs } from './cards';
import { planDemoHistory } from './plan';

let demoAccountId = '';

/**
 * Rows of a query in the demo company (row-level security keeps every table to it): on PostgreSQL
 * the test database is shared by every test file, whose companies and incidents are not the demo's.
 */
const rows = async <T>(t: TestContext, query: string): Promise<T[]> =>
  ((await t.database.tenant(demoAccountId, (tx) => tx.execute(sql.raw(query)))) as unknown as { rows: T[] }).rows;

describe('the demo company history', () => {
  let t: TestContext;
  let accountId: string;
  let adminId: string;
  let staffId: string;
  let startedAt: number;

  beforeAll(async () => {
    startedAt = Date.now();
    t = await createTestContext({ demo: true });
    const admin = await t.userByEmail(DEMO_ADMIN_EMAIL);
    accountId = admin.accountId;
    demoAccountId = accountId;
    adminId = admin.id;
    staffId = (await t.userByEmail(DEMO_STAFF_EMAIL)).id;
  });
  afterAll(() => t?.close());

  it('holds 300 incidents of the last two years, about a third closed, a few locked, some assigned', async () => {
    const [stats] = await rows<Record<string, number>>(
      t,
      `select count(*)::int as total,
              count(*) filter (where status = 2)::int as closed,
              count(*) filter (where locked)::int as locked,
              count(*) filter (where assigned_user_id is not null)::int as assigned,
              count(*) filter (where create_user_id = '${staffId}')::int as by_staff,
              count(*) filter (where occurred_date > reported_date)::int as occurred_after_reported,
              count(*) filter (where reported_date > now() or created_at > now())::int as in_future,
              count(*) filter (where reported_date < now() - interval '731 days')::int as too_old,
              count(*) filter (where created_at < reported_date)::int as entered_before_reported,
              count(*) filter (where reported_date > now() - interval '90 days')::int as last_90_days
         from incidents where account_id = '${accountId}'`,
    );
    expect(stats).toMatchObject({
      total: 300,
      occurred_after_reported: 0,
      in_future: 0,
      too_old: 0,
      entered_before_reported: 0,
    });
    expect(stats?.closed).toBeGreaterThan(70);
    expect(stats?.closed).toBeLessThan(140);
    expect(stats?.locked).toBeGreaterThan(0);
    expect(stats?.locked).toBeLessThan(15);
    expect(stats?.assigned).toBeGreaterThan(30);
    expect(stats?.by_staff).toBeGreaterThan(100);
    expect(stats?.by_staff).toBeLessThan(250);
    expect(stats?.last_90_days).toBeGreaterThan(20);
  });

  it('was made by the demo users through the service code: a history row and an audit entry per change', async () => {
    const [check] = await rows<Record<string, number>>(
      t,
      `select
         (select count(*) from incidents i where not exists (
            select 1 from incident_history h where h.incident_id = i.id and h.action_type = 'CREATE'
              and h.update_user_id = i.create_user_id))::int as without_create,
         (select count(*) from incident_history h where h.update_user_id not in ('${adminId}', '${staffId}'))::int as by_others,
         (select count(*) from incident_history h where not exists (
            select 1 from audit_entries a where a.object_history_id = h.id and a.object_type = 'INCIDENT'
              and a.transaction_type = h.action_type and a.created_at = h.created_at
              and a.create_user_id = h.update_user_id))::int as without_audit,
         (select count(*) from incident_history)::int as history,
         (select count(*) from incident_history where action_type = 'EDIT')::int as edits,
         (select count(*) from incident_history where action_type = 'REOPEN')::int as reopens,
         (select count(*) from incident_history h where h.created_at > now() - interval '1 minute')::int as dated_now,
         (select count(*) from incidents i where i.status = 2 and (i.close ->> 'closeDate')::timestamptz is distinct from i.closed_at)::int as close_date_off,
         (select count(*) from incidents i where i.version <> (select count(*) from incident_history h where h.incident_id = i.id))::int as version_off`,
    );
    expect(check).toMatchObject({ without_create: 0, by_others: 0, without_audit: 0, dated_now: 0, close_date_off: 0 });
    expect(check?.history).toBeGreaterThan(400);
    expect(check?.edits).toBeGreaterThan(20);
    expect(check?.reopens).toBeGreaterThan(0);
    expect(check?.version_off).toBe(0);
  });

  it('dates each history row in order, its snapshot as the incident was then', async () => {
    const wrongOrder = await rows<{ incident_id: string }>(
      t,
      `select h.incident_id from incident_history h join incidents i on i.id = h.incident_id
        where h.created_at < i.created_at - interval '1 millisecond' or h.created_at > i.updated_at
           or (h.action_type = 'CREATE') <> (h.created_at = (select min(created_at) from incident_history x where x.incident_id = h.incident_id))
           or (h.snapshot ->> 'creationDate')::timestamptz <> i.created_at
           or (h.snapshot ->> 'status')::int <> case when h.action_type in ('CLOSE', 'LOCK') then 2 else 1 end
           or (h.action_type = 'CLOSE' and (h.snapshot -> 'close' ->> 'closeDate')::timestamptz <> h.created_at)`,
    );
    expect(wrongOrder).toEqual([]);
  });

  it('has realistic parts: 1-3 persons with accented and recurring names, legal entities, vehicles, items', async () => {
    const [parts] = await rows<Record<string, number>>(
      t,
      `select (select count(*) from incidents i where (select count(*) from incident_persons p where p.incident_id = i.id) not between 1 and 3)::int as persons_off,
              (select count(distinct incident_id) from incident_companies)::int as with_companies,
              (select count(*) from incident_vehicles where color = 'Silver')::int as silver_vehicles,
              (select count(*) from incident_items where serial_number <> '')::int as items_with_serial,
              (select count(*) from incident_persons where (data ->> 'relationSuspect')::boolean)::int as suspects`,
    );
    expect(parts?.persons_off).toBe(0);
    expect(parts?.with_companies).toBeGreaterThan(10);
    expect(parts?.silver_vehicles).toBeGreaterThan(0);
    expect(parts?.items_with_serial).toBeGreaterThan(10);
    expect(parts?.suspects).toBeGreaterThan(50);
    // A recurring suspect is one register entry named on several incidents, last seen on the latest.
    const tran = await rows<{ incidents: number; entries: number; last_seen_ok: boolean }>(
      t,
      `select count(distinct p.incident_id)::int as incidents, count(distinct p.person_id)::int as entries,
              bool_and(r.last_seen_at = (select max(i.created_at) from incident_persons x join incidents i on i.id = x.incident_id where x.person_id = r.id)) as last_seen_ok
         from incident_persons p join parties r on r.id = p.person_id
        where p.last_name = 'Trần' and p.first_name = 'Minh'`,
    );
    expect(tran[0]?.incidents).toBeGreaterThan(2);
    expect(tran[0]?.entries).toBe(1);
    expect(tran[0]?.last_seen_ok).toBe(true);
    const names = await rows<{ name: string }>(
      t,
      `select distinct first_name || ' ' || last_name as name from incident_persons`,
    );
    const all = names.map((n) => n.name).join(' ');
    for (const accented of ['Trần', 'Nguyễn', 'Łukasz', 'José']) expect(all).toContain(accented);
  });

  it('shows through the API as the users see it: dashboard counts and a dated history', async () => {
    const admin = await t.signIn(await t.userByEmail(DEMO_ADMIN_EMAIL));
    const counts = await t.inject({ method: 'GET', url: '/api/incidents/my/counts', headers: admin });
    expect(counts.statusCode).toBe(200);
    const { open, closed } = counts.json<MyIncidentCounts>();
    expect(open + closed).toBeGreaterThan(50);
    const [reopened] = await rows<{ id: string }>(
      t,
      `select incident_id as id from incident_history where action_type = 'REOPEN' limit 1`,
    );
    const history = await t.inject({ method: 'GET', url: `/api/incidents/${reopened?.id}/history`, headers: admin });
    expect(history.statusCode).toBe(200);
    const entries = history.json<HistoryEntry[]>();
    expect(entries.map((e) => e.actionType)).toContain('REOPEN');
    expect(entries.at(-1)?.actionType).toBe('CREATE');
    for (const entry of entries) expect(Date.parse(entry.updateDate)).toBeLessThan(startedAt);
  });

  it('is seeded once: a later start adds nothing', async () => {
    const again = await seedDatabase(t.database, { demoPassword: 'unused' });
    expect(again).toEqual({ referenceSeeded: false, demoSeeded: false, demoIncidents: 0 });
    const [count] = await rows<{ n: number }>(t, `select count(*)::int as n from incidents`);
    expect(count?.n).toBe(300);
  });
});

describe('the demo history plan', () => {
  const refs: DemoRefs = {
    lookup: (type, path) => `00000000-0000-4000-8000-${(type + path).length.toString().padStart(12, '0')}`,
  };
  const users = { admin: '00000000-0000-4000-8000-00000000000a', staff: '00000000-0000-4000-8000-00000000000b' };
  const now = Date.parse('2026-03-08T12:00:00Z');

  it('is the same for the same moment, oldest first, every change after the one before and in the past', () => {
    const first = planDemoHistory(refs, users, now);
    expect(JSON.stringify(planDemoHistory(refs, users, now))).toBe(JSON.stringify(first));
    const creations = first.map((story) => story.events[0]?.at ?? 0);
    expect(creations).toEqual([...creations].sort((a, b) => a - b));
    for (const story of first) {
      const times = story.events.map((event) => event.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)).toBeLessThan(now);
      expect(story.events[0]?.kind).toBe('create');
      expect(Date.parse(story.fields.occurredDate ?? '')).toBeLessThanOrEqual(
        Date.parse(story.fields.reportedDate ?? ''),
      );
      expect(Date.parse(story.fields.reportedDate ?? '')).toBeLessThanOrEqual(story.events[0]?.at ?? 0);
    }
  });
});
