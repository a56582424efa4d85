import { investigatorSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { profileRoutes } from './profile.routes';
import { resendEmailVerification } from './user-admin.service';
import { listInvestigators } from './users.queries';
import { verifyEmailRoutes } from './verify-email.routes';

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/users/investigators',
    tag: 'Users',
    summary: 'Active users who may be assigned as incident investigator.',
    response: z.array(investigatorSchema),
    handler: ({ tenant }) => tenant((tx) => listInvestigators(tx)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/users/myEmailVerification',
    tag: 'Users',
    summary: 'Send the signed-in pending user a new email verification link.',
    // A pending user is not active yet: a valid sign-in is enough.
    auth: 'session',
    response: null,
    rateLimit: { max: 5, timeWindow: '1 hour' },
    handler: async ({ auth, tenant }) => {
      await tenant((tx) => resendEmailVerification(tx, auth, auth.userId, app.config.publicUrl));
      return undefined;
    },
  });

  await verifyEmailRoutes(app);
  await profileRoutes(app);
}
