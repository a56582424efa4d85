import { sessionClaims } from '@blotter/shared';
import { offlineKeySchema } from '@blotter/shared/schemas/session';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { claimsOf, endSession, startSession } from './session.service';

export async function sessionRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/users/sessions',
    tag: 'Session',
    summary: 'Create the session after sign-in, or refresh it after a token renewal; answers the session claims.',
    auth: 'session',
    response: sessionClaims,
    handler: ({ auth, request, tenant }) => tenant((tx) => startSession(tx, auth, request.headers['user-agent'] ?? '')),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/users/sessions',
    tag: 'Session',
    summary:
      'The session claims as they are now, read only: the open app asks every few seconds, so a user ' +
      'deactivated meanwhile (status 2) is signed out to their status page without waiting for a refused call.',
    auth: 'session',
    response: sessionClaims,
    handler: async ({ auth }) => claimsOf(auth),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/users/offlineKey',
    tag: 'Session',
    summary:
      "The key of the phone's encrypted outbox (issue 30): incidents recorded without a network wait on " +
      'the phone encrypted with it. The same for this user in this company on every call and server ' +
      "process, another for anyone else; derived from the server's secret, so nothing is stored.",
    privileges: ['MYINCIDENT_ADD'],
    response: offlineKeySchema,
    handler: async ({ auth, reply }) => {
      reply.header('cache-control', 'no-store');
      const key = app.auditKey.derive(`offline outbox v1 ${auth.accountId} ${auth.userId}`);
      return { key: key.toString('base64url') };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/users/sessions',
    tag: 'Session',
    summary: 'End the session at logout.',
    auth: 'session',
    response: null,
    handler: async ({ auth, tenant }) => {
      await tenant((tx) => endSession(tx, auth));
      return undefined;
    },
  });
}
