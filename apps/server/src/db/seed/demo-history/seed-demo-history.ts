import { sql } from 'drizzle-orm';
import { type Principal, principalOf } from '../../../plugins/auth';
import type { Database, PrincipalRow, Tx } from '../../client';
import { incidents, lookups } from '../../schema/index';
import { type DatedRow, dateIncidents, datePhase, type IncidentDates, rowsOfChange } from './backdate';
import type { DemoRefs } from './cards';
import { type Actor, planDemoHistory } from './plan';
import { applyStoryEvent, type Registered } from './run-story';

export interface DemoHistoryCompany {
  accountId: string;
  adminId: string;
  staffId: string;
}

/** The demo company's lookups by type and name; tree nodes by their '/'-separated path from the top. */
async function loadRefs(tx: Tx): Promise<DemoRefs> {
  const rows = await tx
    .select({ id: lookups.id, type: lookups.type, name: lookups.name, parentId: lookups.parentId })
    .from(lookups);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: (typeof rows)[number]): string => {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    return parent ? `${pathOf(parent)}/${row.name}` : row.name;
  };
  const ids = new Map(rows.map((row) => [`${row.type}:${pathOf(row)}`, row.id]));
  return {
    lookup(type, path) {
      const id = ids.get(`${type}:${path}`);
      if (!id) throw new Error(`The demo company has no ${type} '${path}'`);
      return id;
    },
  };
}

/**
 * A demo user as the auth plugin sees them when they sign in (blotter_principal, as every request
 * reads it), read in the seeding transaction, which may have just created them.
 */
async function actAs(tx: Tx, userId: string): Promise<Principal> {
  const sessionId = 'demo-history-seed';
  const result = await tx.execute(sql`select blotter_principal(${userId}::uuid, null, ${sessionId}) as p`);
  const row = (result as unknown as { rows: { p: PrincipalRow | null }[] }).rows[0]?.p;
  if (!row) throw new Error(`Demo user ${userId} not found`);
  return principalOf(row, sessionId);
}

/**
 * Gives the demo company its history: a few hundred incidents over the last two years, entered,
 * edited, closed, reopened and locked by its two users through the same service functions as the
 * routes (history rows and audit entries included), each acting with the principal the auth
 * plugin builds for them, in one tenant transaction of the company (all or nothing). The changes
 * run in phases (every story's first change, then every second change, ...); after each phase
 * the rows it wrote are dated as planned (backdate.ts). Does nothing when the company already has
 * incidents (another process seeded it first: the advisory lock makes it wait for that one).
 * Answers how many incidents were created.
 */
export function seedDemoHistory(database: Database, demo: DemoHistoryCompany, now = Date.now()): Promise<number> {
  return database.tenant(demo.accountId, (tx) => writeDemoHistory(tx, demo, now));
}

/**
 * seedDemoHistory's work in the caller's transaction, which acts as the application role in the
 * demo company (database.tenant, or the restore of the demo site after it recreated the company).
 */
export async function writeDemoHistory(tx: Tx, demo: DemoHistoryCompany, now = Date.now()): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blotter.demo-history.${demo.accountId}`}))`);
  const [existing] = await tx.select({ id: incidents.id }).from(incidents).limit(1);
  if (existing) return 0;
  const principals: Record<Actor, Principal> = {
    admin: await actAs(tx, demo.adminId),
    staff: await actAs(tx, demo.staffId),
  };
  const stories = planDemoHistory(await loadRefs(tx), { admin: demo.adminId, staff: demo.staffId }, now);
  const ids: string[] = [];
  const dates = new Map<string, IncidentDates>();
  const registered: Registered = new Map();
  const phases = Math.max(...stories.map((story) => story.events.length));
  for (let phase = 0; phase < phases; phase++) {
    const rows: DatedRow[] = [];
    for (const [index, story] of stories.entries()) {
      const event = story.events[phase];
      if (!event) continue;
      const id = await applyStoryEvent(tx, principals[event.by], story, event, ids[index], registered);
      ids[index] = id;
      const change = rowsOfChange(id, event, dates.get(id) ?? { created: event.at, updated: event.at, closed: null });
      rows.push(...change.rows);
      dates.set(id, change.after);
    }
    await datePhase(tx, rows);
  }
  await dateIncidents(tx, dates);
  return stories.length;
}
