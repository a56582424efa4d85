import {
  INCIDENT_NOTIFICATION_LIMITS,
  INCIDENT_NOTIFICATION_MESSAGES,
  type IncidentNotification,
  type IncidentNotificationCreate,
  type IncidentNotificationUpdate,
} from '@blotter/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { incidentNotificationClasses, incidentNotifications } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { existingClassIds, findIncidentNotification } from './incident-notifications.queries';

const NOT_FOUND = 'Email notification';

/**
 * Every class of the body must be one of the company's incident classes: another company's id is
 * refused like an unknown one (400), so nothing tells it exists.
 */
async function assertOwnClasses(tx: Tx, input: IncidentNotificationCreate) {
  const ids = [...new Set(input.lookupClasses.map((row) => row.classLookupId))];
  const found = await existingClassIds(tx, ids);
  if (ids.some((id) => !found.has(id))) throw badRequest(INCIDENT_NOTIFICATION_MESSAGES.classNotFound);
}

async function insertClassRows(
  tx: Tx,
  principal: Principal,
  notificationId: string,
  input: IncidentNotificationCreate,
) {
  await tx.insert(incidentNotificationClasses).values(
    input.lookupClasses.map((row, position) => ({
      accountId: principal.accountId,
      notificationId,
      classLookupId: row.classLookupId,
      eventTypeList: row.eventTypeList,
      position,
    })),
  );
}

async function reread(tx: Tx, id: string): Promise<IncidentNotification> {
  const rule = await findIncidentNotification(tx, id);
  if (!rule) throw notFound(NOT_FOUND);
  return rule;
}

/** POST /incidentNotifications: a new rule of the company (at most 100 a company). */
export async function createIncidentNotification(
  tx: Tx,
  principal: Principal,
  input: IncidentNotificationCreate,
): Promise<IncidentNotification> {
  await assertOwnClasses(tx, input);
  // Serialises concurrent creates of one company, so the limit holds.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incident_notifications:' || ${principal.accountId}))`);
  const [existing] = await tx.select({ n: count() }).from(incidentNotifications);
  if ((existing?.n ?? 0) >= INCIDENT_NOTIFICATION_LIMITS.rules)
    throw badRequest(INCIDENT_NOTIFICATION_MESSAGES.tooMany);
  const [rule] = await tx
    .insert(incidentNotifications)
    .values({ accountId: principal.accountId, name: input.name, recipientEmails: input.recipientEmails })
    .returning({ id: incidentNotifications.id });
  if (!rule) throw new Error('Insert returned no row');
  await insertClassRows(tx, principal, rule.id, input);
  return reread(tx, rule.id);
}

/** PUT /incidentNotifications: replaces a rule's name, recipients and class rows. */
export async function updateIncidentNotification(
  tx: Tx,
  principal: Principal,
  input: IncidentNotificationUpdate,
): Promise<IncidentNotification> {
  const [rule] = await tx
    .update(incidentNotifications)
    .set({ name: input.name, recipientEmails: input.recipientEmails, updatedAt: sql`now()` })
    .where(eq(incidentNotifications.id, input.id))
    .returning({ id: incidentNotifications.id });
  if (!rule) throw notFound(NOT_FOUND);
  await assertOwnClasses(tx, input);
  await tx.delete(incidentNotificationClasses).where(eq(incidentNotificationClasses.notificationId, rule.id));
  await insertClassRows(tx, principal, rule.id, input);
  return reread(tx, rule.id);
}

/** DELETE /incidentNotifications/{id}. */
export async function deleteIncidentNotification(tx: Tx, id: string): Promise<void> {
  const [rule] = await tx
    .delete(incidentNotifications)
    .where(eq(incidentNotifications.id, id))
    .returning({ id: incidentNotifications.id });
  if (!rule) throw notFound(NOT_FOUND);
}
