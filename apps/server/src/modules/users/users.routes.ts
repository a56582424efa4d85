import { investigatorSchema, verifyEmailQuery } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messagePage } from '../../oidc/views';
import { defineRoute } from '../../plugins/route';
import { sendEmailVerification, verifyEmail } from './email-verification.service';
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
      await tenant((tx) => sendEmailVerification(tx, auth.accountId, auth.userId, app.config.publicUrl));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/users/verifyEmail',
    tag: 'Users',
    summary: 'The link of a verification email: confirms the address and answers a page for people.',
    auth: 'public',
    query: verifyEmailQuery,
    response: null,
    handler: async ({ query, reply }) => {
      const verified = await verifyEmail(app.database, query.token);
      const page = verified
        ? messagePage('Email verified', 'Your email address is verified. You can now sign in to Blotter.', {
            href: `${app.config.publicUrl}/login`,
            text: 'Sign in',
          })
        : messagePage(
            'Link expired',
            'This verification link has expired or was already used. Sign in to ask for a new one.',
            {
              href: `${app.config.publicUrl}/login`,
              text: 'Sign in',
            },
          );
      await reply
        .status(verified ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
      return undefined;
    },
  });
}
