import {
  htmlToText,
  INCIDENT_STATUS,
  lookupPathText,
  WEBHOOK_TEST_EVENT,
  type WebhookBanData,
  type WebhookEvent,
  type WebhookIncidentData,
} from '@blotter/shared';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import type { Principal } from '../../plugins/auth';
import { incidentLinkPath } from '../incident-notifications/incident-notify';
import type { IncidentChange, IncidentSnapshot } from '../incidents/changes/record-incident-change';
import { loadAllLookups } from '../lookups/lookups.queries';
import { newMessageId } from './webhook-signing';

/** How long a delivery is retried (from its event, or from a redelivery). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The incident changes and the event each is sent as; every other change is an update. */
type IncidentChangeEvent = 'incident.created' | 'incident.updated' | 'incident.closed' | 'incident.reopened';
const INCIDENT_EVENTS: Partial<Record<IncidentChange, IncidentChangeEvent>> = {
  CREATE: 'incident.created',
  CLOSE: 'incident.closed',
  REOPEN: 'incident.reopened',
};
export const incidentEventType = (action: IncidentChange): IncidentChangeEvent =>
  INCIDENT_EVENTS[action] ?? 'incident.updated';

/**
 * The incident's summary as an event carries it (spec: the list's fields). Built field by field
 * from the snapshot, so nothing of a person card (and so no private person field) can be in it:
 * what a user without PRIVACY_INFO_VIEW reads of an incident, less the cards. Links are paths here;
 * the delivery job puts the app's public URL in front (webhook-body.ts).
 */
export async function incidentEventData(tx: Tx, incident: IncidentSnapshot): Promise<WebhookIncidentData> {
  const all = await loadAllLookups(tx);
  const severity = all.single.severityType?.find((item) => item.id === incident.severityId);
  return {
    id: incident.id,
    number: incident.number,
    status: incident.status === INCIDENT_STATUS.CLOSED ? 'closed' : 'open',
    locked: incident.locked,
    createdAt: incident.creationDate,
    updatedAt: incident.lastUpdateDate,
    reportedDate: incident.reportedDate,
    occurredDate: incident.occurredDate,
    occurredDateUncertain: incident.occurredDateUncertain,
    closedAt: incident.close?.closeDate ?? null,
    classPath: lookupPathText(all.multiple.incidentClass, incident.lastClassId),
    locationPath: lookupPathText(all.multiple.location, incident.location.lastLocationId),
    severity: severity?.name ?? null,
    summary: htmlToText(incident.summary).trim(),
    links: { html: incidentLinkPath(incident.id) },
  };
}

/**
 * Queues the event for every enabled endpoint of the company subscribed to it (or for the one
 * endpoint a test event is for): one delivery row and one job each, in the caller's transaction,
 * so an event is queued exactly when its change commits.
 */
export async function queueWebhookEvent(
  tx: Tx,
  accountId: string,
  event: WebhookEvent,
  onlyEndpointId?: string,
): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      onlyEndpointId
        ? eq(webhookEndpoints.id, onlyEndpointId)
        : and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [event.type])),
    );
  if (endpoints.length === 0) return [];
  const body = JSON.stringify(event);
  const retryUntil = new Date(Date.now() + RETRY_WINDOW_MS);
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        accountId,
        endpointId: endpoint.id,
        messageId: newMessageId(),
        eventType: event.type,
        body,
        nextAttemptAt: new Date(),
        retryUntil,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await enqueueJob(tx, accountId, 'webhookDelivery', { deliveryId: row.id });
  return rows.map((row) => row.id);
}

const now = () => new Date().toISOString();

/** An incident change's event (the "incident changed" subscriber). */
export async function queueIncidentEvent(
  tx: Tx,
  principal: Principal,
  action: IncidentChange,
  incident: IncidentSnapshot,
) {
  const type = incidentEventType(action);
  // Nothing to build when no endpoint listens (most companies): one cheap query first.
  const [listening] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])))
    .limit(1);
  if (!listening) return;
  const data = await incidentEventData(tx, incident);
  await queueWebhookEvent(tx, principal.accountId, { type, timestamp: now(), data });
}

/** incident.deleted: only the id and number remain to name it. */
export function queueIncidentDeletedEvent(tx: Tx, principal: Principal, incident: { id: string; number: number }) {
  return queueWebhookEvent(tx, principal.accountId, {
    type: 'incident.deleted',
    timestamp: now(),
    data: { id: incident.id, number: incident.number },
  });
}

/** subject.banned: called by the subjects module when a ban, trespass notice or watch is recorded. */
export function queueSubjectBannedEvent(tx: Tx, principal: Principal, ban: Omit<WebhookBanData, 'links'>) {
  return queueWebhookEvent(tx, principal.accountId, {
    type: 'subject.banned',
    timestamp: now(),
    data: { ...ban, links: { html: `/subjects/${ban.subjectKind}/${ban.subjectId}` } },
  });
}

/** The 'Send test event' button's event, for that one endpoint. */
export function queueTestEvent(tx: Tx, principal: Principal, endpointId: string) {
  return queueWebhookEvent(
    tx,
    principal.accountId,
    {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now(),
      data: { message: 'This is a test event sent from Blotter.', endpointId },
    },
    endpointId,
  );
}
