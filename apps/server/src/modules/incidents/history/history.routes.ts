import {
  historyCompareSchema,
  historyEntrySchema,
  idParams,
  incidentSnapshotSchema,
  VIEW_INCIDENT_PRIVILEGES,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../../plugins/route';
import { compareHistoryItem, getHistoryItem, listHistory } from './history.service';

/** The incident history (spec 1 §2 History, §7). */
export async function incidentHistoryRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/history',
    tag: 'Incident history',
    summary:
      'The changes of an incident, newest first (Date modified, Type, User). An incident the user may not see is 404.',
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(historyEntrySchema),
    handler: ({ auth, params, tenant }) => tenant((tx) => listHistory(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/historyItem/:id',
    tag: 'Incident history',
    summary:
      'The incident as history row :id keeps it; private person fields blanked (privateHidden) without PRIVACY_INFO_VIEW.',
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: incidentSnapshotSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => getHistoryItem(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/historyItemForCompare/:id',
    tag: 'Incident history',
    summary:
      'The version of history row :id (currentIncident) and the one before it (previousIncident, null for CREATE), masked like historyItem.',
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: historyCompareSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => compareHistoryItem(tx, auth, params.id)),
  });
}
