import { draftListQuery, draftRowSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { listDrafts } from './drafts.queries';

export async function draftRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/draftIncidents',
    tag: 'Drafts',
    summary: "The user's drafts (status 0) and incidents being edited (status 3); optionally one status.",
    query: draftListQuery,
    response: z.array(draftRowSchema),
    handler: ({ auth, query, tenant }) => tenant((tx) => listDrafts(tx, auth.userId, query.status)),
  });
}
