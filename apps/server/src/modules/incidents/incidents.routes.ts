import {
  incidentCreatedSchema,
  incidentCreateRequest,
  incidentPageSchema,
  incidentUpdateBody,
  myIncidentCountsSchema,
  myIncidentsQuery,
  readerTimezoneOffset,
  TIMEZONE_HEADER,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { IDEMPOTENCY_SUMMARY, runIdempotent } from '../idempotency/idempotency.service';
import { idempotentJsonRequest } from '../idempotency/idempotency-request';
import { removeStoredFiles } from './drafts/stored-files';
import { countMyIncidents, listMyIncidents } from './incidents.queries';
import { updateIncident } from './incidents.service';
import { createIncidentMaybeClosed } from './lifecycle/create-closed';

export async function incidentRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/incidents',
    tag: 'Incidents',
    summary:
      'Submits a new incident from the working draft (status Open, next number of the company); the draft is removed. ' +
      'With `close` (the Close dialog: ALLINCIDENT_CLOSE or MYINCIDENT_CLOSE) it is closed in the same transaction. ' +
      'With `recordedOfflineAt` (when a phone saved it offline) its history says it was recorded offline then. ' +
      `${IDEMPOTENCY_SUMMARY} A retry answers the first incident's id and number, though its draft is gone by then.`,
    privileges: ['MYINCIDENT_ADD'],
    body: incidentCreateRequest,
    response: incidentCreatedSchema,
    handler: async ({ auth, body, tenant, request }) => {
      const idempotent = idempotentJsonRequest(request, 'POST /incidents');
      const { value } = await tenant((tx) =>
        runIdempotent(tx, auth, idempotent, {
          run: () => createIncidentMaybeClosed(tx, auth, body),
          keep: ({ id, number }) => ({ answer: { id, number } }),
          replay: async (record) => ({ ...(record.answer as { id: string; number: number }), removedFiles: [] }),
        }),
      );
      const { removedFiles, ...created } = value;
      await removeStoredFiles(app.storage, removedFiles, request.log);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/incidents',
    tag: 'Incidents',
    summary:
      'Saves an open incident from its open-draft (ALLINCIDENT_EDIT, or MYINCIDENT_EDIT for its creator); the open-draft is removed. ' +
      'A copy made from an older version of the incident is refused with 409 STALE_INCIDENT naming who changed it and when.',
    privileges: ['ALLINCIDENT_EDIT', 'MYINCIDENT_EDIT'],
    body: incidentUpdateBody,
    response: incidentCreatedSchema,
    handler: async ({ auth, body, tenant, request }) => {
      const { removedFiles, ...updated } = await tenant((tx) =>
        updateIncident(tx, auth, body, {
          dateFormat: auth.account.dateFormat,
          timezoneOffset: readerTimezoneOffset(request.headers[TIMEZONE_HEADER]),
        }),
      );
      await removeStoredFiles(app.storage, removedFiles, request.log);
      return updated;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/my',
    tag: 'Incidents',
    summary:
      'A page (p from 0, psz rows, default 10) of the incidents the user entered or investigates and may see, ' +
      'newest first, optionally of one status (1 open, 2 closed), with the total: { items, total, page, pageSize }.',
    query: myIncidentsQuery,
    response: incidentPageSchema,
    handler: ({ auth, query, tenant }) => tenant((tx) => listMyIncidents(tx, auth, query)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/my/counts',
    tag: 'Incidents',
    summary: 'The dashboard cards: how many of the incidents of GET /incidents/my are open and closed.',
    response: myIncidentCountsSchema,
    handler: ({ auth, tenant }) => tenant((tx) => countMyIncidents(tx, auth)),
  });
}
