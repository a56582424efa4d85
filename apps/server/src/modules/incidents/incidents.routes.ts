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
      'With `close` (the Close dialog: ALLINCIDENT_CLOSE or MYINCIDENT_CLOSE) it is closed in the same transaction.',
    privileges: ['MYINCIDENT_ADD'],
    body: incidentCreateRequest,
    response: incidentCreatedSchema,
    handler: async ({ auth, body, tenant, request }) => {
      const { removedFiles, ...created } = await tenant((tx) => createIncidentMaybeClosed(tx, auth, body));
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
