import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointValues,
  type WebhookSecret,
} from '@blotter/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { queueTestEvent, RETRY_WINDOW_MS } from './webhook-events';
import { newWebhookSecret } from './webhook-signing';
import { findDelivery, findEndpoint } from './webhooks.queries';

const NOT_FOUND = 'Webhook endpoint';
/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** An endpoint of the company or 404 (another company's is answered like one that does not exist). */
async function endpointOrNotFound(tx: Tx, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(tx, id);
  if (!endpoint) throw notFound(NOT_FOUND);
  return endpoint;
}

/** An ACCOUNT audit entry (endpoints are company settings); never the secret. */
function auditEndpoint(
  tx: Tx,
  principal: Principal,
  endpoint: WebhookEndpoint,
  transactionType: string,
  extra: Record<string, unknown> = {},
) {
  return writeAudit(tx, principal, {
    objectType: 'ACCOUNT',
    transactionType,
    objectId: endpoint.id,
    objectName: endpoint.url,
    objectData: {
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      enabled: endpoint.enabled,
      ...extra,
    },
  });
}

/** POST /webhooks: a new endpoint with a new secret (at most WEBHOOK_LIMITS.endpoints a company). */
export async function createEndpoint(
  tx: Tx,
  principal: Principal,
  input: WebhookEndpointValues,
): Promise<WebhookEndpoint> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ${principal.accountId}))`);
  const [existing] = await tx.select({ n: count() }).from(webhookEndpoints);
  if ((existing?.n ?? 0) >= WEBHOOK_LIMITS.endpoints) throw badRequest(WEBHOOK_MESSAGES.tooMany);
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ accountId: principal.accountId, ...input, secret: newWebhookSecret() })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('Insert returned no row');
  const created = await endpointOrNotFound(tx, row.id);
  await auditEndpoint(tx, principal, created, 'WEBHOOK_CREATE');
  return created;
}

/** PUT /webhooks/{id}: its URL, description, events and whether it is enabled. */
export async function updateEndpoint(
  tx: Tx,
  principal: Principal,
  id: string,
  input: WebhookEndpointValues,
): Promise<WebhookEndpoint> {
  const previous = await endpointOrNotFound(tx, id);
  await tx
    .update(webhookEndpoints)
    .set({ ...input, ...enabledChange(previous.enabled, input.enabled), updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id));
  const updated = await endpointOrNotFound(tx, id);
  await auditEndpoint(tx, principal, updated, 'WEBHOOK_UPDATE', {
    previous: {
      url: previous.url,
      description: previous.description,
      events: previous.events,
      enabled: previous.enabled,
    },
  });
  return updated;
}

/** Enabling again starts afresh: no failing period, no reason of an automatic disabling. */
const enabledChange = (was: boolean, enabled: boolean) =>
  !was && enabled ? { failingSince: null, disabledReason: null } : {};

/** PUT /webhooks/{id}/enabled */
export async function setEndpointEnabled(tx: Tx, principal: Principal, id: string, enabled: boolean) {
  const previous = await endpointOrNotFound(tx, id);
  await tx
    .update(webhookEndpoints)
    .set({
      enabled,
      ...enabledChange(previous.enabled, enabled),
      ...(enabled ? {} : { disabledReason: null }),
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id));
  const updated = await endpointOrNotFound(tx, id);
  await auditEndpoint(tx, principal, updated, enabled ? 'WEBHOOK_ENABLE' : 'WEBHOOK_DISABLE');
  return updated;
}

/** DELETE /webhooks/{id}: with its delivery log (the foreign key cascades); the entry keeps what it was. */
export async function deleteEndpoint(tx: Tx, principal: Principal, id: string): Promise<void> {
  const before = await endpointOrNotFound(tx, id);
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  await auditEndpoint(tx, principal, before, 'WEBHOOK_DELETE');
}

async function secretOf(tx: Tx, id: string): Promise<WebhookSecret> {
  const [row] = await tx
    .select({ secret: webhookEndpoints.secret, expires: webhookEndpoints.previousSecretExpiresAt })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound(NOT_FOUND);
  const live = row.expires && row.expires > new Date() ? row.expires.toISOString() : null;
  return { secret: row.secret, previousSecretExpiresAt: live };
}

/** GET /webhooks/{id}/secret: the reveal button. Audited: who saw the signing secret. */
export async function revealSecret(tx: Tx, principal: Principal, id: string): Promise<WebhookSecret> {
  const endpoint = await endpointOrNotFound(tx, id);
  const secret = await secretOf(tx, id);
  await auditEndpoint(tx, principal, endpoint, 'WEBHOOK_SECRET_VIEW');
  return secret;
}

/**
 * POST /webhooks/{id}/secret/rotate: a new secret signs from now on; the one it replaces keeps
 * signing too for 24 hours (two signatures in the header), so receivers can switch without losing
 * an event.
 */
export async function rotateSecret(tx: Tx, principal: Principal, id: string): Promise<WebhookSecret> {
  const endpoint = await endpointOrNotFound(tx, id);
  await tx
    .update(webhookEndpoints)
    .set({
      previousSecret: webhookEndpoints.secret,
      previousSecretExpiresAt: new Date(Date.now() + ROTATION_GRACE_MS),
      secret: newWebhookSecret(),
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id));
  await auditEndpoint(tx, principal, endpoint, 'WEBHOOK_SECRET_ROTATE');
  return secretOf(tx, id);
}

/** POST /webhooks/{id}/test: a webhook.test event to this endpoint alone. */
export async function sendTestEvent(tx: Tx, principal: Principal, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOrNotFound(tx, id);
  if (!endpoint.enabled) throw badRequest(WEBHOOK_MESSAGES.disabled);
  const [deliveryId] = await queueTestEvent(tx, principal, id);
  const delivery = deliveryId ? await findDelivery(tx, id, deliveryId) : undefined;
  if (!delivery) throw new Error('The test delivery was not queued');
  await auditEndpoint(tx, principal, endpoint, 'WEBHOOK_TEST');
  return delivery;
}

/**
 * POST /webhooks/deliveries/{id}/redeliver: the same message (same webhook-id, so a
 * receiver that had it can tell) is sent again now, and retried for 24 hours more if it fails. A
 * delivery still being retried has its waiting attempt moved to now instead of a second job.
 */
export async function redeliver(tx: Tx, principal: Principal, deliveryId: string): Promise<WebhookDelivery> {
  const [owner] = await tx
    .select({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!owner) throw notFound('Delivery');
  const { endpointId } = owner;
  const endpoint = await endpointOrNotFound(tx, endpointId);
  const delivery = await findDelivery(tx, endpointId, deliveryId);
  if (!delivery) throw notFound('Delivery');
  if (!endpoint.enabled) throw badRequest(WEBHOOK_MESSAGES.disabled);
  await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), retryUntil: new Date(Date.now() + RETRY_WINDOW_MS) })
    .where(eq(webhookDeliveries.id, deliveryId));
  const moved = await tx
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.type, 'webhookDelivery'),
        sql`${jobs.payload}->>'deliveryId' = ${deliveryId}`,
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
      ),
    )
    .returning({ id: jobs.id });
  if (moved.length === 0) await enqueueJob(tx, principal.accountId, 'webhookDelivery', { deliveryId });
  await auditEndpoint(tx, principal, endpoint, 'WEBHOOK_REDELIVER', {
    deliveryId,
    messageId: delivery.messageId,
    eventType: delivery.eventType,
  });
  const updated = await findDelivery(tx, endpointId, deliveryId);
  if (!updated) throw notFound('Delivery');
  return updated;
}
