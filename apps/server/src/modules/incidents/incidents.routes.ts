import { incidentCoreSchema, incidentCreatedSchema, incidentRowSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { listMyIncidents } from './incidents.queries';
import { createIncident } from './incidents.service';

export async function incidentRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/incidents',
    tag: 'Incidents',
    summary: 'Submit a new incident (status Open, next number of the company).',
    privileges: ['MYINCIDENT_ADD'],
    body: incidentCoreSchema,
    response: incidentCreatedSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createIncident(tx, auth, body)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/my',
    tag: 'Incidents',
    summary: 'Incidents the user entered or investigates, newest first.',
    response: z.array(incidentRowSchema),
    handler: ({ auth, tenant }) => tenant((tx) => listMyIncidents(tx, auth)),
  });
}
