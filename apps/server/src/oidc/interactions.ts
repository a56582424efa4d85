import { EXCEED_MAX_CONCURRENT_USER } from '@blotter/shared';
import formbody from '@fastify/formbody';
import argon2 from 'argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { accounts, users } from '../db/schema/index';
import { exceedsConcurrentUsers } from '../modules/session/session.service';
import { cancelMfaSteps, completeMfaStep, startMfaStep } from './mfa-step';
import type { SignInGuard } from './sign-in-limiter';
import { LOGOUT_JS, loginPage, messagePage, SIGNIN_CSS } from './views';

const OIDC_PATH = '/oidc';
export const WRONG_CREDENTIALS = 'Incorrect email or password.';

const loginForm = z.object({
  email: z.string().trim().max(255).default(''),
  password: z.string().max(1000).default(''),
});

// Verifying against a throwaway hash when the email is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= argon2.hash('not-a-real-password');
  return dummyHash;
};

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** Mounts the provider at /oidc and serves its branded sign-in interaction. */
export async function registerOidcRoutes(app: FastifyInstance, provider: Provider, limiter: SignInGuard) {
  const callback = provider.callback();

  /** Ends the interaction with the user signed in, unless the company has no free seat. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; accountId: string; limit: number },
  ) => {
    const exceeded = await app.database.tenant(user.accountId, (tx) =>
      exceedsConcurrentUsers(tx, user.accountId, user.id, user.limit),
    );
    reply.hijack();
    if (exceeded) {
      await provider.interactionFinished(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: EXCEED_MAX_CONCURRENT_USER,
      });
      return;
    }
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
  };

  await app.register(async (scope) => {
    // The provider reads request bodies itself: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(OIDC_PATH.length) || '/';
      reply.hijack();
      void callback(raw, reply.raw);
    };
    scope.all(OIDC_PATH, handler);
    scope.all(`${OIDC_PATH}/*`, handler);
  });

  app.get('/auth-assets/signin.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIGNIN_CSS),
  );
  app.get('/auth-assets/logout.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGOUT_JS),
  );

  await app.register(async (scope) => {
    await scope.register(formbody);

    scope.get<{ Params: { uid: string } }>(`${OIDC_PATH}/interaction/:uid`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid) {
        return html(
          reply,
          messagePage('Sign-in expired', 'This sign-in page has expired. Please start again.', {
            href: app.config.publicUrl,
            text: 'Back to Blotter',
          }),
          400,
        );
      }
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return html(reply, loginPage({ uid: details.uid, email: hint }));
    });

    scope.post<{ Params: { uid: string } }>(
      `${OIDC_PATH}/interaction/:uid/login`,
      {
        config: {
          // Against floods from one address; wrong passwords are limited by the SignInGuard.
          rateLimit: { max: 120, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== request.params.uid) {
          return html(reply, messagePage('Sign-in expired', 'This sign-in page has expired. Please start again.'), 400);
        }
        const form = loginForm.safeParse(request.body ?? {});
        const email = form.success ? form.data.email : '';
        const password = form.success ? form.data.password : '';
        if (!email || !password) {
          return html(
            reply,
            loginPage({
              uid: details.uid,
              email,
              error: 'Enter your email and password.',
            }),
            400,
          );
        }
        const refusal = await limiter.attempt(request.ip, email);
        if (refusal) return html(reply, loginPage({ uid: details.uid, email, error: refusal }), 429);
        const rows = await app.database.system((tx) =>
          tx
            .select({
              id: users.id,
              hash: users.passwordHash,
              accountId: users.accountId,
              limit: accounts.concurrentUserCount,
            })
            .from(users)
            .innerJoin(accounts, eq(accounts.id, users.accountId))
            .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
            .limit(1),
        );
        const user = rows[0];
        const valid = user?.hash
          ? await argon2.verify(user.hash, password).catch(() => false)
          : await argon2.verify(await getDummyHash(), password).then(() => false);
        if (!user || !valid) {
          // The attempt was counted before the password was checked.
          // Without the email: people type their password into it, and it is personal data.
          request.log.info('sign-in refused: wrong email or password');
          return html(reply, loginPage({ uid: details.uid, email, error: WRONG_CREDENTIALS }), 401);
        }
        await limiter.succeed(request.ip, email);
        // Two-factor verification: the sign-in waits for the code at the web's /mfa.
        const mfaUrl = await startMfaStep(app.database, app.config.publicUrl, user, details.uid);
        if (mfaUrl) return reply.header('cache-control', 'no-store').redirect(mfaUrl, 303);
        return finishSignIn(request, reply, user);
      },
    );

    // The web's /mfa sends the browser here once the code is verified; only then is the sign-in finished.
    scope.get<{ Params: { uid: string } }>(`${OIDC_PATH}/interaction/:uid/mfa-continue`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid) {
        return html(reply, messagePage('Sign-in expired', 'This sign-in page has expired. Please start again.'), 400);
      }
      const step = await completeMfaStep(app.database, details.uid);
      if (!step) {
        return html(
          reply,
          messagePage('Verification required', 'Enter the code sent to your phone to finish signing in.', {
            href: app.config.publicUrl,
            text: 'Back to Blotter',
          }),
          403,
        );
      }
      const [account] = await app.database.system((tx) =>
        tx
          .select({ limit: accounts.concurrentUserCount })
          .from(accounts)
          .where(eq(accounts.id, step.accountId))
          .limit(1),
      );
      return finishSignIn(request, reply, { id: step.userId, accountId: step.accountId, limit: account?.limit ?? 0 });
    });

    // Cancel on the web's two-factor pages: the waiting sign-in ends and the browser goes home.
    scope.get<{ Params: { uid: string } }>(`${OIDC_PATH}/interaction/:uid/mfa-cancel`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (details && details.uid === request.params.uid) await cancelMfaSteps(app.database, details.uid);
      return reply.redirect(`${app.config.publicUrl}/`, 303);
    });

    scope.get<{ Params: { uid: string } }>(`${OIDC_PATH}/interaction/:uid/abort`, async (request, reply) => {
      reply.hijack();
      await provider
        .interactionFinished(request.raw, reply.raw, {
          error: 'access_denied',
          error_description: 'Sign-in was cancelled.',
        })
        .catch(() => {
          reply.raw.writeHead(302, { location: app.config.publicUrl });
          reply.raw.end();
        });
    });
  });
}
