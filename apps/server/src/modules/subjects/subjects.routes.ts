import {
  banBody,
  banPageSchema,
  banSchema,
  idParams,
  pageQuery,
  subjectAlertCheckSchema,
  subjectAlertListSchema,
  subjectDetailSchema,
  subjectIncidentPageSchema,
  subjectListQuery,
  subjectPageSchema,
  subjectParams,
  VIEW_INCIDENT_PRIVILEGES,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { createBan, listBans, revokeBan, updateBan, uploadNotice } from './bans.service';
import { incidentSubjectAlerts } from './incident-subject-alerts';
import { checkSubjectAlerts } from './subject-alerts';
import { subjectDetail, subjectPage, subjectTimeline } from './subjects.service';

/**
 * Subjects across incidents (issue 31): the register's persons, legal entities and vehicles, each
 * subject's incidents, and the bans, trespass notices and watches on them. Reading needs
 * SUBJECT_VIEW, recording bans SUBJECT_EDIT.
 */
export async function subjectRoutes(app: FastifyInstance) {
  const tag = 'Subjects';

  defineRoute(app, {
    method: 'GET',
    url: '/subjects',
    tag,
    summary:
      "A page of the company's subjects by name (q: words of the name, or part of a plate; kind: person, legalEntity or vehicle), each with the number of incidents the caller may see, the latest of them and an active ban's type.",
    privileges: ['SUBJECT_VIEW'],
    query: subjectListQuery,
    response: subjectPageSchema,
    handler: ({ auth, query, tenant }) => tenant((tx) => subjectPage(tx, auth, query, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/subjects/:kind/:id',
    writes: true,
    tag,
    summary:
      "A subject's identity, aliases, photo, incident count and active ban. A person's private fields are blanked (privateHidden) without PRIVACY_INFO_VIEW; each answer that shows them is audited (SUBJECT READ_PRIVATE).",
    privileges: ['SUBJECT_VIEW'],
    params: subjectParams,
    response: subjectDetailSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => subjectDetail(tx, auth, params, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/subjects/:kind/:id/incidents',
    tag,
    summary:
      "The subject's timeline: the incidents the caller may see that name it, newest first, with its relation in each (paged: p, psz).",
    privileges: ['SUBJECT_VIEW'],
    params: subjectParams,
    query: pageQuery,
    response: subjectIncidentPageSchema,
    handler: ({ auth, params, query, tenant }) => tenant((tx) => subjectTimeline(tx, auth, params, query)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/subjects/:kind/:id/bans',
    tag,
    summary:
      "The subject's bans, trespass notices and watches, active, upcoming, expired and revoked (status on the company's today), newest start first (paged: p, psz).",
    privileges: ['SUBJECT_VIEW'],
    params: subjectParams,
    query: pageQuery,
    response: banPageSchema,
    handler: ({ auth, params, query, tenant }) => tenant((tx) => listBans(tx, auth, params, query, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/subjects/:kind/:id/bans',
    tag,
    summary:
      'Records a ban, trespass notice or watch on the subject: type, reason, locations (each with its descendants; none: every location), start date, end date or null for indefinite. Audited (SUBJECT BAN_CREATE).',
    privileges: ['SUBJECT_EDIT'],
    params: subjectParams,
    body: banBody,
    response: banSchema,
    handler: ({ auth, params, body, tenant }) => tenant((tx) => createBan(tx, auth, params, body, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/subjects/bans/:id',
    tag,
    summary:
      "Changes a ban's terms while it is active or upcoming (not once revoked or expired). Audited (SUBJECT BAN_UPDATE).",
    privileges: ['SUBJECT_EDIT'],
    params: idParams,
    body: banBody,
    response: banSchema,
    handler: ({ auth, params, body, tenant }) => tenant((tx) => updateBan(tx, auth, params.id, body, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/subjects/bans/:id',
    tag,
    summary: "Revokes a ban: it ends now and stays in the subject's history as revoked. Audited (SUBJECT BAN_REVOKE).",
    privileges: ['SUBJECT_EDIT'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => revokeBan(tx, auth, params.id));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/subjects/bans/:id/notice',
    tag,
    summary:
      "Attaches the signed notice to a ban (multipart: file; a PDF or an image within the company's upload limit), replacing any earlier one. Audited (SUBJECT BAN_NOTICE).",
    privileges: ['SUBJECT_EDIT'],
    params: idParams,
    multipart: true,
    response: banSchema,
    handler: ({ auth, params, request, tenant }) =>
      uploadNotice(
        { tenant, storage: app.storage, signer: app.fileSigner, log: request.log },
        auth,
        params.id,
        request,
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/subjects/alerts',
    tag,
    summary:
      "The alerts of the entry form (issue 31 §5): the active bans, trespass notices and watches that cover the incident's location (a ban's locations cover their descendants; none: every location) on the date occurred (null: today), for the form's register persons and legal entities (personIds, companyIds) and vehicles (plate and province, normalised). Each names the subject, the covering location and the last day; the reason only for users with SUBJECT_VIEW. Reads only.",
    privileges: ['MYINCIDENT_ADD', 'ALLINCIDENT_EDIT', 'MYINCIDENT_EDIT'],
    body: subjectAlertCheckSchema,
    response: subjectAlertListSchema,
    handler: async ({ auth, body, tenant }) => ({
      items: await tenant((tx) => checkSubjectAlerts(tx, auth, body)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/subjectAlerts',
    tag,
    summary:
      'The alerts stored when the incident was last saved: the subjects named on it with an active ban, trespass notice or watch covering its location (the reason only for users with SUBJECT_VIEW). An incident the user may not see is 404.',
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: subjectAlertListSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => incidentSubjectAlerts(tx, auth, params.id)),
  });
}
