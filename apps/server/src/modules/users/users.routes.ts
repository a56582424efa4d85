import { investigatorSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { listInvestigators } from './users.queries';

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/users/investigators',
    tag: 'Users',
    summary: 'Active users who may be assigned as incident investigator.',
    response: z.array(investigatorSchema),
    handler: ({ tenant }) => tenant((tx) => listInvestigators(tx)),
  });
}
