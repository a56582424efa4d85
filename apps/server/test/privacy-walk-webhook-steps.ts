import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries } from '../src/db/schema/index';
import type { Walker } from './privacy-walker';

/**
 * The walk's steps of webhooks (issue 32 §3; privacy-walk-steps.ts places them in WALK): an endpoint
 * subscribed to every incident event, made before the walk creates, edits and closes incidents, so
 * the bodies those changes queue are checked like answers before it is deleted.
 */

type Step = [string, (w: Walker) => Promise<unknown>];
const URL = '/webhooks';
const EVENTS = ['incident.created', 'incident.updated', 'incident.closed', 'incident.reopened', 'incident.deleted'];
const endpoint = (w: Walker) => `${URL}/${w.state.webhook}`;

export const WEBHOOK_STEPS: Step[] = [
  [
    `POST ${URL}`,
    async (w) => {
      const body = { url: 'http://127.0.0.1:9/walk', events: EVENTS };
      w.state.webhook = (await w.json<{ id: string }>(`POST ${URL}`, { url: URL, payload: body })).id;
    },
  ],
  [`GET ${URL}`, (w) => w.call(`GET ${URL}`, { url: URL })],
  [
    `PUT ${URL}/:id`,
    (w) =>
      w.call(`PUT ${URL}/:id`, {
        url: endpoint(w),
        payload: { url: 'http://127.0.0.1:9/walk', description: 'Walk', events: EVENTS },
      }),
  ],
  [
    `PUT ${URL}/:id/enabled`,
    (w) => w.call(`PUT ${URL}/:id/enabled`, { url: `${endpoint(w)}/enabled`, payload: { enabled: true } }),
  ],
  [`GET ${URL}/:id/secret`, (w) => w.call(`GET ${URL}/:id/secret`, { url: `${endpoint(w)}/secret` })],
  [
    `POST ${URL}/:id/secret/rotate`,
    (w) => w.call(`POST ${URL}/:id/secret/rotate`, { url: `${endpoint(w)}/secret/rotate` }),
  ],
  [
    `POST ${URL}/:id/test`,
    async (w) => {
      w.state.webhookDelivery = (
        await w.json<{ id: string }>(`POST ${URL}/:id/test`, { url: `${endpoint(w)}/test` })
      ).id;
    },
  ],
];

export const WEBHOOK_CLEANUP_STEPS: Step[] = [
  [
    `GET ${URL}/:id/deliveries`,
    (w) => w.call(`GET ${URL}/:id/deliveries`, { url: `${endpoint(w)}/deliveries?psz=100` }),
  ],
  [
    `POST ${URL}/deliveries/:id/redeliver`,
    (w) =>
      w.call(`POST ${URL}/deliveries/:id/redeliver`, { url: `${URL}/deliveries/${w.state.webhookDelivery}/redeliver` }),
  ],
  [
    `DELETE ${URL}/:id`,
    async (w) => {
      // The bodies the walk's incident changes queued are read as answers: no marker may be in them.
      const bodies = await w.t.database.system((tx) =>
        tx
          .select({ body: webhookDeliveries.body })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.accountId, w.seed.company.accountId),
              eq(webhookDeliveries.endpointId, w.state.webhook ?? ''),
            ),
          ),
      );
      expect(bodies.length, 'the walk queued webhook deliveries').toBeGreaterThan(1);
      for (const { body } of bodies) w.answers.push({ route: 'webhook bodies', status: 200, pdf: false, text: body });
      return w.call(`DELETE ${URL}/:id`, { url: endpoint(w) });
    },
  ],
];
