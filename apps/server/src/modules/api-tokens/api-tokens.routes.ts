import { apiTokenCreated, apiTokenInput, apiTokenPage, idParams, pageQuery } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

const TAG = 'API tokens';

/**
 * Administration → API access (issue 32 §2). A person manages tokens; a token itself cannot call
 * these (API_TOKEN_REFUSED_ROUTES).
 */
export async function apiTokenRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/apiTokens',
    tag: TAG,
    summary:
      "The company's API tokens, newest first, one page (p, psz): name, hint, privileges, creator, dates and status. Never a secret.",
    privileges: ['ACCOUNT_ADMIN'],
    query: pageQuery,
    response: apiTokenPage,
    handler: ({ query, tenant }) => tenant((tx) => listApiTokens(tx, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/apiTokens',
    tag: TAG,
    summary:
      'Creates an API token with privileges the creator holds (never SYSTEM_ADMIN) and an optional expiry; the answer holds its secret, shown this once. Audited (API_TOKEN CREATE).',
    privileges: ['ACCOUNT_ADMIN'],
    body: apiTokenInput,
    response: apiTokenCreated,
    handler: ({ auth, body, tenant }) => tenant((tx) => createApiToken(tx, auth, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/apiTokens/:id',
    tag: TAG,
    summary: 'Revokes an API token: its next call is refused with 401. Audited (API_TOKEN REVOKE).',
    privileges: ['ACCOUNT_ADMIN'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => revokeApiToken(tx, auth, params.id));
      return undefined;
    },
  });
}
