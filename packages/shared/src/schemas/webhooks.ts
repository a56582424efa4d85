import { z } from 'zod';
import { pageOf, pageQuery } from './common';

/** Webhooks (issue 32 §3): endpoints a company's other systems receive signed events on. */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'incident.created',
  'incident.updated',
  'incident.closed',
  'incident.reopened',
  'incident.deleted',
  'subject.banned',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of the 'Send test event' button, sent whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'incident.created': 'Incident created',
  'incident.updated': 'Incident updated',
  'incident.closed': 'Incident closed',
  'incident.reopened': 'Incident reopened',
  'incident.deleted': 'Incident deleted',
  'subject.banned': 'Subject banned',
};

export const WEBHOOK_LIMITS = { endpoints: 20, url: 2000, description: 500 } as const;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the endpoint URL, starting with https://',
  httpsOnly: 'The endpoint URL must start with https://',
  credentials: 'The endpoint URL cannot hold a user name or password',
  privateAddress:
    'The endpoint must be on the public internet: private, loopback, link-local and other reserved addresses are refused',
  unresolvable: 'The endpoint host name does not resolve',
  eventsRequired: 'Choose at least one event',
  tooMany: `A company can have at most ${WEBHOOK_LIMITS.endpoints} webhook endpoints`,
  descriptionTooLong: `Description can be at most ${WEBHOOK_LIMITS.description} characters`,
  disabled: 'The endpoint is disabled: enable it first',
} as const;

/** An http(s) URL; whether http is allowed and where it points are the server's checks. */
const endpointUrl = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(WEBHOOK_LIMITS.url, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid);

/** POST /webhooks and PUT /webhooks/{id}: the endpoint as the admin enters it. */
export const webhookEndpointInputSchema = z.object({
  url: endpointUrl,
  description: z.string().trim().max(WEBHOOK_LIMITS.description, WEBHOOK_MESSAGES.descriptionTooLong).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventsRequired }))
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointInputSchema>;

/** PUT /webhooks/{id}/enabled */
export const webhookEnabledSchema = z.object({ enabled: z.boolean() });

/** active: delivering; failing: its recent deliveries fail; disabled: by an admin or after 24 hours of failures. */
export const WEBHOOK_STATUSES = ['active', 'failing', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  status: z.enum(WEBHOOK_STATUSES),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointPageSchema = pageOf(webhookEndpointSchema);
export const webhookListQuery = pageQuery;

/** GET /webhooks/{id}/secret (the reveal button) and POST /webhooks/{id}/secret/rotate. */
export const webhookSecretSchema = z.object({
  secret: z.string(),
  /** After a rotation, until when the previous secret still signs too. */
  previousSecretExpiresAt: z.string().nullable(),
});
export type WebhookSecret = z.output<typeof webhookSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  createdAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);

/* ---- The bodies POSTed to an endpoint: { type, timestamp, data } ---- */

/**
 * An incident's summary as an event carries it: what a user without PRIVACY_INFO_VIEW may read
 * of it, and never a person card (so no private person field can be in a body).
 */
export const webhookIncidentDataSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(['open', 'closed']),
  locked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reportedDate: z.string().nullable(),
  occurredDate: z.string().nullable(),
  occurredDateUncertain: z.boolean(),
  closedAt: z.string().nullable(),
  classPath: z.string(),
  locationPath: z.string(),
  severity: z.string().nullable(),
  summary: z.string(),
  links: z.object({ html: z.string() }),
});
export type WebhookIncidentData = z.output<typeof webhookIncidentDataSchema>;

/** incident.deleted: the incident is gone, only what named it. */
export const webhookDeletedIncidentDataSchema = z.object({ id: z.string(), number: z.number().int() });

/** subject.banned: the ban, without the subject's private fields. */
export const webhookBanDataSchema = z.object({
  banId: z.string(),
  subjectKind: z.string(),
  subjectId: z.string(),
  banType: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  links: z.object({ html: z.string() }),
});
export type WebhookBanData = z.output<typeof webhookBanDataSchema>;

export const webhookTestDataSchema = z.object({ message: z.string(), endpointId: z.string() });

export const webhookEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['incident.created', 'incident.updated', 'incident.closed', 'incident.reopened']),
    timestamp: z.string(),
    data: webhookIncidentDataSchema,
  }),
  z.object({ type: z.literal('incident.deleted'), timestamp: z.string(), data: webhookDeletedIncidentDataSchema }),
  z.object({ type: z.literal('subject.banned'), timestamp: z.string(), data: webhookBanDataSchema }),
  z.object({ type: z.literal(WEBHOOK_TEST_EVENT), timestamp: z.string(), data: webhookTestDataSchema }),
]);
export type WebhookEvent = z.output<typeof webhookEventSchema>;
