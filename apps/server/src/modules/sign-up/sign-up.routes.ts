import { signUpAnswer, signUpSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { signUp } from './sign-up.service';

/** Sign-ups allowed per address and hour: enough for an office, too few to farm companies or probe emails. */
export const SIGN_UP_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

/** The public free-trial sign-up (spec 2 §7 POST /accounts). */
export async function signUpRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/accounts',
    tag: 'Accounts',
    summary:
      'Sign a company up for the 30-day free trial (public): the company, its administrator (pending until the ' +
      'emailed link is followed) and starting lookups. A taken email gets the same answer; its owner is emailed (once an hour at most).',
    auth: 'public',
    rateLimit: SIGN_UP_RATE_LIMIT,
    body: signUpSchema(app.config.environment === 'prod'),
    response: signUpAnswer,
    handler: ({ body }) => signUp(app.database, app.rateCounters, body, app.config.publicUrl, app.config.trialDays),
  });
}
