import { resetPasswordQuery } from '@blotter/shared';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { messagePage, RESET_PASSWORD_FORM, setPasswordPage } from '../../oidc/views';
import { defineRoute } from '../../plugins/route';
import { sendHtml as html, passwordFormError, readPasswordForm } from './password-form';
import { findPasswordReset, resetPassword } from './password-reset.service';
import { hashPassword, revokeAtProvider } from './user-admin.service';

/**
 * The identity provider's reset page: the link of the reset email (GET) and its form (POST), both
 * server-rendered like the sign-in page. A new password ends every other session of the user.
 */
export async function resetPasswordRoutes(app: FastifyInstance) {
  const production = app.config.environment === 'prod';
  const toApp = { href: `${app.config.publicUrl}/login`, text: 'Sign in' };
  const expired = messagePage(
    'Link expired',
    'This password reset link has expired or was already used. Ask for a new one from your profile (Change Password).',
    toApp,
  );
  const changed = messagePage(
    'Password changed',
    'Your password is changed. Your other sessions are signed out; sign in with your new password.',
    toApp,
  );
  const form = (token: string, error?: string) => setPasswordPage({ token, error, form: RESET_PASSWORD_FORM });

  defineRoute(app, {
    method: 'GET',
    url: '/users/resetPassword',
    tag: 'Users',
    summary:
      'The link of a password reset email: answers a page for people with a form to choose a new password (or that the link expired).',
    auth: 'public',
    query: resetPasswordQuery,
    response: null,
    handler: async ({ query, reply }) => {
      const link = await findPasswordReset(app.database, query.token);
      await (link ? html(reply, 200, form(query.token)) : html(reply, 400, expired));
      return undefined;
    },
  });

  // A form post of a server-rendered page, like the sign-in page: not a JSON API call.
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.post(
      '/api/users/resetPassword',
      { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (request, reply) => {
        const { token, password, confirm } = readPasswordForm(request.body);
        if (!token || !(await findPasswordReset(app.database, token))) return html(reply, 400, expired);
        const error = passwordFormError(production, password, confirm);
        if (error) return html(reply, 400, form(token, error));
        const revocation = await resetPassword(app.database, token, await hashPassword(password));
        if (!revocation) return html(reply, 400, expired);
        await revokeAtProvider(app.database, revocation);
        return html(reply, 200, changed);
      },
    );
  });
}
