import {
  idParams,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEnabledSchema,
  webhookEndpointInputSchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
  webhookListQuery,
  webhookSecretSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors';
import { defineRoute } from '../../plugins/route';
import { assertEndpointUrl } from './webhook-url';
import { findEndpoint, listDeliveries, listEndpoints } from './webhooks.queries';
import {
  createEndpoint,
  deleteEndpoint,
  redeliver,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  setEndpointEnabled,
  updateEndpoint,
} from './webhooks.service';

const tag = 'Webhooks';
const privileges = ['ACCOUNT_ADMIN'] as const;

/** Issue 32 §3: the company's webhook endpoints, their secrets and delivery logs (ACCOUNT_ADMIN). */
export async function webhookRoutes(app: FastifyInstance) {
  const { environment } = app.config;

  defineRoute(app, {
    method: 'GET',
    url: '/webhooks',
    tag,
    summary: "A page (p from 0, psz rows, default 10) of the company's webhook endpoints, oldest first.",
    privileges,
    query: webhookListQuery,
    response: webhookEndpointPageSchema,
    handler: ({ query, tenant }) => tenant((tx) => listEndpoints(tx, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks',
    tag,
    summary:
      'Adds an endpoint subscribed to events; it gets a signing secret (GET /webhooks/{id}/secret). ' +
      'In production the URL must be HTTPS on a public address.',
    privileges,
    body: webhookEndpointInputSchema,
    response: webhookEndpointSchema,
    handler: async ({ auth, body, tenant }) => {
      await assertEndpointUrl(body.url, environment);
      return tenant((tx) => createEndpoint(tx, auth, body));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/webhooks/:id',
    tag,
    summary: "Changes one of the company's endpoints (404 for any other id).",
    privileges,
    params: idParams,
    body: webhookEndpointInputSchema,
    response: webhookEndpointSchema,
    handler: async ({ auth, body, params, tenant }) => {
      await assertEndpointUrl(body.url, environment);
      return tenant((tx) => updateEndpoint(tx, auth, params.id, body));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/webhooks/:id/enabled',
    tag,
    summary: 'Enables or disables an endpoint; enabling one the server disabled clears its failing state.',
    privileges,
    params: idParams,
    body: webhookEnabledSchema,
    response: webhookEndpointSchema,
    handler: ({ auth, body, params, tenant }) => tenant((tx) => setEndpointEnabled(tx, auth, params.id, body.enabled)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/webhooks/:id',
    tag,
    summary: 'Deletes an endpoint with its delivery log.',
    privileges,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => deleteEndpoint(tx, auth, params.id));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/webhooks/:id/secret',
    tag,
    summary: "The endpoint's signing secret (whsec_…), to verify signatures with. Audited.",
    privileges,
    params: idParams,
    writes: true,
    response: webhookSecretSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => revealSecret(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/:id/secret/rotate',
    tag,
    summary: 'A new signing secret; the previous one keeps signing too (a second signature) for 24 hours.',
    privileges,
    params: idParams,
    response: webhookSecretSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => rotateSecret(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/:id/test',
    tag,
    summary: 'Sends a webhook.test event to the endpoint; answers its delivery.',
    privileges,
    params: idParams,
    response: webhookDeliverySchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => sendTestEvent(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/webhooks/:id/deliveries',
    tag,
    summary: "A page of the endpoint's delivery log, newest first: event, time, status, response code, attempts.",
    privileges,
    params: idParams,
    query: webhookListQuery,
    response: webhookDeliveryPageSchema,
    handler: ({ params, query, tenant }) =>
      tenant(async (tx) => {
        if (!(await findEndpoint(tx, params.id))) throw notFound('Webhook endpoint');
        return listDeliveries(tx, params.id, query);
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/deliveries/:id/redeliver',
    tag,
    summary: 'Sends the same message again now (retried for 24 hours more if it fails).',
    privileges,
    params: idParams,
    response: webhookDeliverySchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => redeliver(tx, auth, params.id)),
  });
}
