import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

export interface SeedIncidentsOptions {
  accountId: string;
  /** The user whose dashboard is measured: the creator of most incidents, the investigator of the rest. */
  userId: string;
  /** Another user of the company: the creator of the incidents assigned to `userId`. */
  otherUserId: string;
  /** How many incidents to add (numbered after the company's highest number). */
  count: number;
}

/**
 * Adds `count` incidents to a company in one INSERT … SELECT over generate_series (100,000 in a few
 * seconds on PostgreSQL or PGlite), then ANALYZE, so the planner sees the new sizes. Of every 10:
 * 9 entered by the user and 1 entered by the other user and assigned to the user; a third closed,
 * 1 in 50 of the closed ones locked; reported and occurred dates one per 10 minutes back from now;
 * the company's first incident class. Runs as the owner (no tenant): seeding, not a request.
 */
export async function seedIncidents(database: Database, options: SeedIncidentsOptions): Promise<void> {
  const { accountId, userId, otherUserId, count } = options;
  await database.system(async (tx) => {
    await tx.execute(sql`
      insert into incidents (account_id, number, status, locked, create_user_id, assigned_user_id,
        reported_date, occurred_date, last_class_id, summary, summary_text, created_at, updated_at)
      select ${accountId}::uuid, base.n + g,
        case when g % 3 = 0 then 2 else 1 end,
        g % 150 = 0,
        case when g % 10 = 0 then ${otherUserId}::uuid else ${userId}::uuid end,
        case when g % 10 = 0 then ${userId}::uuid end,
        now() - make_interval(mins => (${count} - g) * 10),
        now() - make_interval(mins => (${count} - g) * 10 + 30),
        (select id from lookups where account_id = ${accountId}::uuid and type = 'incidentClass'
          order by name limit 1),
        '<p>Seeded incident ' || g || '</p>', 'Seeded incident ' || g,
        now() - make_interval(mins => (${count} - g) * 10),
        now() - make_interval(mins => (${count} - g) * 10)
      from generate_series(1, ${count}::int) g,
        (select coalesce(max(number), 0) as n from incidents where account_id = ${accountId}::uuid) base`);
    await tx.execute(sql`analyze incidents`);
  });
}
