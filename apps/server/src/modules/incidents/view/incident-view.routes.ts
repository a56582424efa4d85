import {
  companyViewSchema,
  correctiveActionViewSchema,
  idParams,
  incidentDetailSchema,
  incidentPartsSchema,
  itemViewSchema,
  personViewSchema,
  readAuditBody,
  VIEW_INCIDENT_PRIVILEGES,
  vehicleViewSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../../plugins/route';
import { type IncidentDetailRow, incidentDetailPrefetch } from './incident-view.queries';
import {
  getIncidentCompanies,
  getIncidentCorrectiveActions,
  getIncidentItems,
  getIncidentParts,
  getIncidentPersons,
  getIncidentVehicles,
  incidentDetailFor,
  recordIncidentRead,
} from './incident-view.service';

const SEE =
  'An incident the user may not see (another company’s, someone else’s for the own-incident privileges, ' +
  'or locked without INCIDENT_LOCK) is 404.';

/** The incident viewer's reads (spec 1 §2 Incident viewer, §7). */
export async function incidentViewRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id',
    tag: 'Incident viewer',
    summary: `The incident without its parts: location, close block, counts of parts and the actions the user may take. ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: incidentDetailSchema,
    // The hottest read: the incident goes to the database with the principal, one round trip.
    prefetch: ({ params }) => incidentDetailPrefetch(params.id),
    handler: async ({ auth, prefetched }) => incidentDetailFor(auth, await prefetched<IncidentDetailRow | null>()),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/parts',
    tag: 'Incidents',
    summary:
      'Every part of the incident at once (persons, companies, vehicles, items, attachments, corrective actions), ' +
      `each as its own call answers it: what the viewer loads when it opens. ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: incidentPartsSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => getIncidentParts(tx, auth, params.id, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/persons',
    tag: 'Incident viewer',
    summary:
      'Persons in card order with signed picture URLs; without PRIVACY_INFO_VIEW the private fields are null ' +
      `and privateHidden is true. ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(personViewSchema),
    handler: ({ auth, params, tenant }) => tenant((tx) => getIncidentPersons(tx, auth, params.id, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/companies',
    tag: 'Incident viewer',
    summary: `Legal entities in card order. ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(companyViewSchema),
    handler: ({ auth, params, tenant }) => tenant((tx) => getIncidentCompanies(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/vehicles',
    tag: 'Incident viewer',
    summary: `Vehicles in card order with the owner's name and their own attachments (signed URLs). ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(vehicleViewSchema),
    handler: ({ auth, params, tenant }) => tenant((tx) => getIncidentVehicles(tx, auth, params.id, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/items',
    tag: 'Incident viewer',
    summary: `Items in card order with the owner's name and their own attachments (signed URLs). ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(itemViewSchema),
    handler: ({ auth, params, tenant }) => tenant((tx) => getIncidentItems(tx, auth, params.id, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/correctiveActions',
    tag: 'Incident viewer',
    summary: `Corrective actions in card order. ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(correctiveActionViewSchema),
    handler: ({ auth, params, tenant }) => tenant((tx) => getIncidentCorrectiveActions(tx, auth, params.id)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/audits/read',
    tag: 'Incident viewer',
    summary: `Records that the user opened the incident (audit INCIDENT / READ). ${SEE}`,
    privileges: VIEW_INCIDENT_PRIVILEGES,
    body: readAuditBody,
    response: null,
    handler: async ({ auth, body, tenant }) => {
      await tenant((tx) => recordIncidentRead(tx, auth, body.id));
      return undefined;
    },
  });
}
