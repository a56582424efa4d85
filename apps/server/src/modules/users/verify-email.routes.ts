import { verifyEmailQuery } from '@blotter/shared';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { confirmEmailPage, messagePage, setPasswordPage } from '../../oidc/views';
import { defineRoute } from '../../plugins/route';
import { findVerification, type VerificationLink, verifyEmail } from './email-verification.service';
import { sendHtml as html, passwordFormError, readPasswordForm } from './password-form';
import { hashPassword } from './user-admin.service';

/**
 * The emailed verification link (GET: a page whose button confirms, or, for a user added without a
 * password, a form to choose one) and the POST of that page, which verifies.
 */
export async function verifyEmailRoutes(app: FastifyInstance) {
  const production = app.config.environment === 'prod';
  const signIn = { href: `${app.config.publicUrl}/login`, text: 'Sign in' };
  const expired = messagePage(
    'Link expired',
    'This verification link has expired or was already used. Sign in to ask for a new one.',
    signIn,
  );
  const verified = (passwordSet: boolean) =>
    messagePage(
      'Email verified',
      passwordSet
        ? 'Your email address is verified and your password is set. You can now sign in to Blotter.'
        : 'Your email address is verified. You can now sign in to Blotter.',
      signIn,
    );

  // A password is chosen only with the embedded provider; an external one keeps its own.
  const choosesPassword = (link: NonNullable<VerificationLink>) => !link.hasPassword && app.config.oidc.embedded;

  defineRoute(app, {
    method: 'GET',
    url: '/users/verifyEmail',
    tag: 'Users',
    summary:
      'The link of a verification email: a page for people whose button confirms the address (a form to choose a ' +
      'password when the user has none). Opening it verifies nothing, so mail scanners that open links do not.',
    auth: 'public',
    query: verifyEmailQuery,
    response: null,
    handler: async ({ query, reply }) => {
      const link = await findVerification(app.database, query.token);
      if (!link) await html(reply, 400, expired);
      else if (choosesPassword(link)) await html(reply, 200, setPasswordPage({ token: query.token }));
      else await html(reply, 200, confirmEmailPage({ token: query.token, action: '/api/users/verifyEmail' }));
      return undefined;
    },
  });

  // A form post of a server-rendered page, like the sign-in page: not a JSON API call.
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.post(
      '/api/users/verifyEmail',
      { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (request, reply) => {
        const { token, password, confirm } = readPasswordForm(request.body);
        const link = token ? await findVerification(app.database, token) : null;
        if (!link) return html(reply, 400, expired);
        // The confirm button of a user who has a password (or whose provider keeps it).
        if (!choosesPassword(link)) {
          const done = await verifyEmail(app.database, token);
          return html(reply, done ? 200 : 400, done ? verified(false) : expired);
        }
        const error = passwordFormError(production, password, confirm);
        if (error) return html(reply, 400, setPasswordPage({ token, error }));
        const done = await verifyEmail(app.database, token, await hashPassword(password));
        return html(reply, done ? 200 : 400, done ? verified(true) : expired);
      },
    );
  });
}
