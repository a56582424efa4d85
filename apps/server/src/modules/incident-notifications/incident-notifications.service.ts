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
import { writeAudit } from '../audit/audit.service';
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
  // A rule of banned-subject alerts alone has no class row.
  if (input.lookupClasses.length === 0) return;
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

/**
 * A rule sends incident summaries to its recipients, so who added, changed or removed one (and
 * which addresses it held) is audited: an ACCOUNT entry, the rules being company settings.
 */
function auditRule(
  tx: Tx,
  principal: Principal,
  rule: IncidentNotification,
  transactionType: string,
  previous?: IncidentNotification,
) {
  const shape = (r: IncidentNotification) => ({
    name: r.name,
    recipientEmails: r.recipientEmails,
    bannedSubjectAlerts: r.bannedSubjectAlerts,
    lookupClasses: r.lookupClasses.map((row) => ({ className: row.className, eventTypeList: row.eventTypeList })),
  });
  return writeAudit(tx, principal, {
    objectType: 'ACCOUNT',
    transactionType,
    objectId: rule.id,
    objectName: rule.name,
    objectData: { ...shape(rule), ...(previous ? { previous: shape(previous) } : {}) },
  });
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
    .values({
      accountId: principal.accountId,
      name: input.name,
      recipientEmails: input.recipientEmails,
      bannedSubjectAlerts: input.bannedSubjectAlerts,
    })
    .returning({ id: incidentNotifications.id });
  if (!rule) throw new Error('Insert returned no row');
  await insertClassRows(tx, principal, rule.id, input);
  const created = await reread(tx, rule.id);
  await auditRule(tx, principal, created, 'NOTIFICATION_CREATE');
  return created;
}

/** PUT /incidentNotifications: replaces a rule's name, recipients and class rows. */
export async function updateIncidentNotification(
  tx: Tx,
  principal: Principal,
  input: IncidentNotificationUpdate,
): Promise<IncidentNotification> {
  const previous = await findIncidentNotification(tx, input.id);
  const [rule] = await tx
    .update(incidentNotifications)
    .set({
      name: input.name,
      recipientEmails: input.recipientEmails,
      bannedSubjectAlerts: input.bannedSubjectAlerts,
      updatedAt: sql`now()`,
    })
    .where(eq(incidentNotifications.id, input.id))
    .returning({ id: incidentNotifications.id });
  if (!rule) throw notFound(NOT_FOUND);
  await assertOwnClasses(tx, input);
  await tx.delete(incidentNotificationClasses).where(eq(incidentNotificationClasses.notificationId, rule.id));
  await insertClassRows(tx, principal, rule.id, input);
  const updated = await reread(tx, rule.id);
  await auditRule(tx, principal, updated, 'NOTIFICATION_UPDATE', previous);
  return updated;
}

/** DELETE /incidentNotifications/{id}; the entry keeps what the rule was. */
export async function deleteIncidentNotification(tx: Tx, principal: Principal, id: string): Promise<void> {
  const before = await findIncidentNotification(tx, id);
  if (!before) throw notFound(NOT_FOUND);
  const [rule] = await tx
    .delete(incidentNotifications)
    .where(eq(incidentNotifications.id, id))
    .returning({ id: incidentNotifications.id });
  if (!rule) throw notFound(NOT_FOUND);
  await auditRule(tx, principal, before, 'NOTIFICATION_DELETE');
}
