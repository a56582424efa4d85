import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema/index';

/**
 * The calls an API token may not make, though a person may: they act on the person's own sign-in
 * (sessions, the offline key, sign-out), on the person's own profile and picture, password, email and two-factor
 * devices, or make and revoke tokens (a leaked token must not mint others or hide itself). They
 * answer 403 with API_TOKEN_REFUSED_MESSAGE. Routes of auth 'mfa' and 'mfaStep' (two-factor sign-in
 * and enrolment) are refused by their mode.
 */
export const API_TOKEN_REFUSED_ROUTES: ReadonlySet<string> = new Set([
  'POST /users/sessions',
  'GET /users/sessions',
  'DELETE /users/sessions',
  'GET /users/offlineKey',
  'GET /users/profile',
  'PUT /users/profile',
  'POST /users/avatars',
  'GET /users/requestChangePassword',
  'POST /users/myEmailVerification',
  'GET /apiTokens',
  'POST /apiTokens',
  'DELETE /apiTokens/:id',
]);

export const API_TOKEN_REFUSED_MESSAGE =
  "This call acts on a person's own sign-in, profile or API tokens and cannot be made with an API token.";

/** Whether the route (method and path under /api, as defineRoute names it) refuses API tokens. */
export const refusesApiTokens = (method: string, url: string) => API_TOKEN_REFUSED_ROUTES.has(`${method} ${url}`);

/**
 * Records that the token was used. Called only when blotter_api_token_principal found no use in the
 * last minute, and the statement checks it again, so a busy token writes at most about once a minute
 * (not once per call) even with several processes. As the owner: the request's own connection may
 * be read-only (a GET).
 */
export async function touchApiToken(database: Database, tokenId: string): Promise<void> {
  await database.system((tx) =>
    tx
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, tokenId),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      ),
  );
}
