import type { IncidentNotification } from '@blotter/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { incidentNotificationClasses, incidentNotifications, lookups } from '../../db/schema/index';

/** The company's incident classes by id, each with its path from the top ('Theft / Shoplifting'). */
export async function classPaths(tx: Executor): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: lookups.id, name: lookups.name, parentId: lookups.parentId })
    .from(lookups)
    .where(eq(lookups.type, 'incidentClass'));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    // A class tree is at most 4 levels; the bound only guards against a cycle in bad data.
    const parent = row.parentId && depth < 10 ? pathOf(row.parentId, depth + 1) : '';
    const path = parent ? `${parent} / ${row.name}` : row.name;
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.id);
  return paths;
}

/** The company's rules (RLS keeps them to the tenant), oldest first, with their class rows. */
export async function listIncidentNotifications(tx: Executor): Promise<IncidentNotification[]> {
  const rules = await tx
    .select()
    .from(incidentNotifications)
    .orderBy(asc(incidentNotifications.createdAt), asc(incidentNotifications.id));
  return withClasses(tx, rules);
}

/** One rule of the company, or undefined (another company's id included). */
export async function findIncidentNotification(tx: Executor, id: string): Promise<IncidentNotification | undefined> {
  const rules = await tx.select().from(incidentNotifications).where(eq(incidentNotifications.id, id)).limit(1);
  const [rule] = await withClasses(tx, rules);
  return rule;
}

async function withClasses(
  tx: Executor,
  rules: (typeof incidentNotifications.$inferSelect)[],
): Promise<IncidentNotification[]> {
  if (rules.length === 0) return [];
  const rows = await tx
    .select()
    .from(incidentNotificationClasses)
    .where(
      inArray(
        incidentNotificationClasses.notificationId,
        rules.map((rule) => rule.id),
      ),
    )
    .orderBy(asc(incidentNotificationClasses.position));
  const paths = await classPaths(tx);
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    recipientEmails: rule.recipientEmails,
    bannedSubjectAlerts: rule.bannedSubjectAlerts,
    lookupClasses: rows
      .filter((row) => row.notificationId === rule.id)
      .map((row) => ({
        classLookupId: row.classLookupId,
        className: paths.get(row.classLookupId) ?? '',
        eventTypeList: row.eventTypeList,
      })),
  }));
}

/** Which of these ids are incident classes of the company (RLS hides every other company's). */
export async function existingClassIds(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: lookups.id })
    .from(lookups)
    .where(and(eq(lookups.type, 'incidentClass'), inArray(lookups.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
