import {
  idParams,
  incidentNotificationCreateSchema,
  incidentNotificationSchema,
  incidentNotificationUpdateSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { listIncidentNotifications } from './incident-notifications.queries';
import {
  createIncidentNotification,
  deleteIncidentNotification,
  updateIncidentNotification,
} from './incident-notifications.service';

const tag = 'Incident email notifications';
const privileges = ['INCIDENT_NOTIFICATION'] as const;

/** Spec 3 §7 Incident email notifications: the company's rules of who is emailed about which incidents. */
export async function incidentNotificationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/incidentNotifications',
    tag,
    summary: "The company's incident email notification rules (at most 100), oldest first.",
    privileges,
    response: z.array(incidentNotificationSchema),
    handler: ({ tenant }) => tenant((tx) => listIncidentNotifications(tx)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidentNotifications',
    tag,
    summary: 'Adds a rule: its subject, recipients and incident classes (each with its subtree) with their events.',
    privileges,
    body: incidentNotificationCreateSchema,
    response: incidentNotificationSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createIncidentNotification(tx, auth, body)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/incidentNotifications',
    tag,
    summary: "Replaces one of the company's rules (404 for any other id).",
    privileges,
    body: incidentNotificationUpdateSchema,
    response: incidentNotificationSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => updateIncidentNotification(tx, auth, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/incidentNotifications/:id',
    tag,
    summary: "Deletes one of the company's rules (404 for any other id).",
    privileges,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => deleteIncidentNotification(tx, auth, params.id));
      return undefined;
    },
  });
}
