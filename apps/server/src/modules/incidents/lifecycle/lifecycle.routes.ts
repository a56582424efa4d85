import { closeIncidentBody, idParams, incidentDetailSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../plugins/route';
import { removeStoredFiles } from '../drafts/stored-files';
import { getIncidentDetail } from '../view/incident-view.service';
import { closeIncident, deleteIncident, reopenIncident, setIncidentLock } from './lifecycle.service';

const HIDDEN = 'An incident the user may not see is 404.';

/** Close, reopen, lock, unlock and delete (spec 1 §4, §6, §7); each change writes history and audit. */
export async function incidentLifecycleRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/incidents/close/:id',
    tag: 'Incident lifecycle',
    summary:
      'Closes an open incident (ALLINCIDENT_CLOSE, or MYINCIDENT_CLOSE for its creator) by the user or by another ' +
      `person; the open-drafts (working copies) of it are kept for their users. Answers the updated incident. ${HIDDEN}`,
    privileges: ['ALLINCIDENT_CLOSE', 'MYINCIDENT_CLOSE'],
    params: idParams,
    body: closeIncidentBody,
    response: incidentDetailSchema,
    handler: ({ auth, params, body, tenant }) =>
      tenant(async (tx) => {
        await closeIncident(tx, auth, params.id, body);
        return getIncidentDetail(tx, auth, params.id);
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/open/:id',
    tag: 'Incident lifecycle',
    summary: `Reopens a closed incident: status Open, close block cleared. Answers the updated incident. ${HIDDEN}`,
    privileges: ['OPEN_CLOSED_INCIDENT'],
    params: idParams,
    response: incidentDetailSchema,
    handler: ({ auth, params, tenant }) =>
      tenant(async (tx) => {
        await reopenIncident(tx, auth, params.id);
        return getIncidentDetail(tx, auth, params.id);
      }),
  });

  for (const lock of [true, false]) {
    defineRoute(app, {
      method: 'POST',
      url: lock ? '/incidents/lock/:id' : '/incidents/unlock/:id',
      tag: 'Incident lifecycle',
      summary: lock
        ? `Locks a closed incident: only holders of INCIDENT_LOCK can see it then. Answers the updated incident. ${HIDDEN}`
        : `Unlocks a locked incident. Answers the updated incident. ${HIDDEN}`,
      privileges: ['INCIDENT_LOCK'],
      params: idParams,
      response: incidentDetailSchema,
      handler: ({ auth, params, tenant }) =>
        tenant(async (tx) => {
          await setIncidentLock(tx, auth, params.id, lock);
          return getIncidentDetail(tx, auth, params.id);
        }),
    });
  }

  defineRoute(app, {
    method: 'DELETE',
    url: '/incidents/:id',
    tag: 'Incident lifecycle',
    summary: `Deletes an incident with its parts, history, open-drafts and attachments (audited). ${HIDDEN}`,
    privileges: ['INCIDENT_DELETE'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant, request }) => {
      const removedFiles = await tenant((tx) => deleteIncident(tx, auth, params.id));
      await removeStoredFiles(app.storage, removedFiles, request.log);
      return undefined;
    },
  });
}
