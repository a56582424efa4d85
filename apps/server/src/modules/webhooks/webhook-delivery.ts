import { USER_STATUS } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints, workgroups } from '../../db/schema/index';
import { enqueueJob, JobPostponed } from '../../platform/jobs/index';
import type { JobServices } from '../../platform/jobs/job-types';
import { sendWebhook } from './webhook-send';
import { signedHeaders } from './webhook-signing';

/**
 * Seconds before the next attempt after `attempts` failed ones: 5 s, 5 min, 30 min, 2 h, 5 h, then
 * every 10 h (Svix's schedule), until the delivery's 24 hours are over.
 */
const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;
export const retryDelaySeconds = (attempts: number) =>
  RETRY_SCHEDULE_SECONDS[Math.min(Math.max(attempts, 1), RETRY_SCHEDULE_SECONDS.length) - 1] ?? 36_000;

/** An endpoint failing this long (no delivery succeeding) is disabled and the admins told. */
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export const DISABLED_REASON = 'Disabled automatically: every delivery failed for 24 hours.';

/** The in-app path of the Webhooks card (the link of the admins' email). */
export const WEBHOOKS_CARD_PATH = '/administration';

interface DeliveryToSend {
  id: string;
  status: string;
  messageId: string;
  body: string;
  attempts: number;
  retryUntil: Date;
  endpointId: string;
  url: string;
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

async function loadDelivery(tx: Tx, deliveryId: string): Promise<DeliveryToSend | undefined> {
  const [row] = await tx
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      messageId: webhookDeliveries.messageId,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      retryUntil: webhookDeliveries.retryUntil,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/** The secrets that sign now: the current one, and the previous one during its grace period. */
export function signingSecrets(
  endpoint: Pick<DeliveryToSend, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now = new Date(),
) {
  const previous =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...previous];
}

/** The stored body with the app's public URL in front of its links' paths. */
export function bodyToSend(stored: string, publicUrl: string | undefined): string {
  const event = JSON.parse(stored) as { data?: { links?: Record<string, string> } };
  const links = event.data?.links;
  if (links && publicUrl)
    for (const [key, path] of Object.entries(links)) if (path.startsWith('/')) links[key] = `${publicUrl}${path}`;
  return JSON.stringify(event);
}

/** Emails every active user of the company holding ACCOUNT_ADMIN that the endpoint was disabled. */
async function emailAdministrators(tx: Tx, accountId: string, url: string) {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
    .where(
      and(
        eq(users.status, USER_STATUS.ACTIVE),
        sql`(${workgroups.isAdmin} or 'ACCOUNT_ADMIN' = any(${workgroups.privileges}))`,
      ),
    );
  const text = [
    `Blotter disabled the webhook endpoint ${url}: every delivery to it failed for 24 hours.`,
    '',
    'Events are no longer sent to it. Once the endpoint answers again, enable it in Administration → Webhooks',
    'and redeliver the failed deliveries from its delivery log. Events that happen while it is disabled are not',
    'kept for it: the incidents themselves can be read through the API.',
    '',
    'Webhooks: ',
  ].join('\n');
  for (const admin of admins)
    await enqueueJob(tx, accountId, 'appLinkMail', {
      to: admin.email,
      subject: 'A webhook endpoint was disabled',
      text,
      linkPath: WEBHOOKS_CARD_PATH,
    });
}

interface Attempt {
  status: number | null;
  durationMs: number;
  body: string | null;
  error: string | null;
}

/**
 * Records an attempt's outcome in one short transaction, and answers the seconds until the next
 * attempt (undefined: no further attempt). A failure marks the endpoint failing from now unless it
 * already was; failing for 24 hours disables it and emails the administrators, once.
 */
async function recordAttempt(tx: Tx, accountId: string, delivery: DeliveryToSend, attempt: Attempt) {
  const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  const attempts = delivery.attempts + 1;
  const now = new Date();
  const retrying = !delivered && now < delivery.retryUntil;
  const delay = retrying ? retryDelaySeconds(attempts) : undefined;
  await tx
    .update(webhookDeliveries)
    .set({
      status: delivered ? 'delivered' : retrying ? 'pending' : 'failed',
      attempts,
      lastAttemptAt: now,
      nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 1000),
      responseCode: attempt.status,
      durationMs: attempt.durationMs,
      responseBody: attempt.body,
      error: delivered ? null : (attempt.error ?? `The endpoint answered HTTP ${attempt.status}`),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (delivered) {
    await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, delivery.endpointId));
    return undefined;
  }
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, delivery.endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
  const since = endpoint?.failingSince?.getTime() ?? now.getTime();
  if (endpoint?.enabled && now.getTime() - since >= DISABLE_AFTER_MS) {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: DISABLED_REASON, updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (disabled) await emailAdministrators(tx, accountId, delivery.url);
    // No further attempt is made (the job ends here): the delivery is failed, not left pending.
    if (retrying)
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
    return undefined;
  }
  return delay;
}

/**
 * The webhookDelivery job: one attempt of one delivery. The endpoint is read and the outcome
 * recorded in two short transactions, the POST made with none open. A failed attempt is retried
 * by postponing the same job (JobPostponed: the job table's own attempts and backoff do not fit a
 * 24-hour schedule), so a delivery has one job however often it is tried.
 */
export async function deliverWebhook(deliveryId: string, accountId: string, services: JobServices): Promise<void> {
  const { database } = services;
  const delivery = await database.tenant(accountId, (tx) => loadDelivery(tx, deliveryId));
  if (delivery?.status !== 'pending') return;
  if (!delivery.enabled) {
    await markEndpointDisabled(database, accountId, delivery.id);
    return;
  }
  const body = bodyToSend(delivery.body, services.publicUrl);
  const headers = await signedHeaders(signingSecrets(delivery), delivery.messageId, new Date(), body);
  const attempt = await sendWebhook(delivery.url, headers, body, {
    environment: services.environment,
    caFile: services.webhooksCaFile,
  });
  const delay = await database.tenant(accountId, (tx) => recordAttempt(tx, accountId, delivery, attempt));
  if (delay !== undefined)
    throw new JobPostponed(delay, `Delivery failed (${attempt.error ?? `HTTP ${attempt.status}`}); retried later`);
}

/** A delivery of a disabled endpoint is not sent: it fails at once (it can be redelivered once enabled). */
function markEndpointDisabled(database: Database, accountId: string, deliveryId: string) {
  return database.tenant(accountId, (tx) =>
    tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, error: 'The endpoint is disabled' })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'))),
  );
}
