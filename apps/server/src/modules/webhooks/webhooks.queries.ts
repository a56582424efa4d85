import type { Page, PageQuery, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@blotter/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
};

/** The endpoint as the card shows it: its status from whether it is enabled and failing. */
function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    status: !row.enabled ? 'disabled' : row.failingSince ? 'failing' : 'active',
    disabledReason: row.enabled ? null : row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One of the company's endpoints (RLS keeps it to the tenant), or undefined. */
export async function findEndpoint(tx: Executor, id: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await tx.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? toEndpoint(row) : undefined;
}

/** GET /webhooks: a page of the company's endpoints, oldest first. */
export async function listEndpoints(tx: Executor, query: PageQuery): Promise<Page<WebhookEndpoint>> {
  const rows = await tx
    .select(endpointColumns)
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .limit(query.psz)
    .offset(query.p * query.psz);
  const [total] = await tx.select({ n: count() }).from(webhookEndpoints);
  return { items: rows.map(toEndpoint), total: total?.n ?? 0, page: query.p, pageSize: query.psz };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  createdAt: webhookDeliveries.createdAt,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  responseCode: webhookDeliveries.responseCode,
  durationMs: webhookDeliveries.durationMs,
  error: webhookDeliveries.error,
};

type DeliveryRow = {
  [K in keyof typeof deliveryColumns]:
    | (typeof deliveryColumns)[K]['_']['data']
    | (K extends 'lastAttemptAt' | 'nextAttemptAt' | 'responseCode' | 'durationMs' | 'error' ? null : never);
};

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    ...row,
    status: row.status as WebhookDelivery['status'],
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/** One delivery of the endpoint, or undefined. */
export async function findDelivery(tx: Executor, endpointId: string, id: string): Promise<WebhookDelivery | undefined> {
  const [row] = await tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row ? toDelivery(row) : undefined;
}

/** GET /webhooks/{id}/deliveries: the delivery log, newest first. */
export async function listDeliveries(
  tx: Executor,
  endpointId: string,
  query: PageQuery,
): Promise<Page<WebhookDelivery>> {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const rows = await tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.psz)
    .offset(query.p * query.psz);
  const [total] = await tx.select({ n: count() }).from(webhookDeliveries).where(where);
  return { items: rows.map(toDelivery), total: total?.n ?? 0, page: query.p, pageSize: query.psz };
}
