import { SESSION } from '@blotter/shared';
import { and, eq, isNull } from 'drizzle-orm';
import Provider, { type Configuration, errors } from 'oidc-provider';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { databaseAdapter } from './adapter';
import type { ProviderSecrets } from './keys';
import { logoutPage, messagePage } from './views';

export const API_SCOPE = 'api';
const OIDC_SCOPES = 'openid profile email';

/** The embedded OpenID Connect provider: authorization code + PKCE, refresh tokens, JWT access tokens. */
export function createProvider(config: Config, database: Database, secrets: ProviderSecrets): Provider {
  const audience = config.oidc.audience;
  const configuration: Configuration = {
    adapter: databaseAdapter(database),
    clients: [
      {
        client_id: config.oidc.clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/callback`],
        post_logout_redirect_uris: [config.publicUrl, `${config.publicUrl}/`],
      },
    ],
    // Browsers send Origin on the token request even from the same origin: allow the app's only.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    async findAccount(_ctx, sub) {
      const rows = await database.system((tx) =>
        tx
          .select()
          .from(users)
          .where(and(eq(users.id, sub), isNull(users.deletedAt)))
          .limit(1),
      );
      const user = rows[0];
      if (!user) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: user.status !== 0,
            name: `${user.firstName} ${user.lastName}`.trim(),
            given_name: user.firstName,
            family_name: user.lastName,
          };
        },
      };
    },
    // First-party application: no consent screen; every sign-in gets the same grant.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(OIDC_SCOPES);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Lets the API tie each access token to one sign-in (its grant) for sessions and logout.
    extraTokenClaims: async (_ctx, token) => ('grantId' in token ? { gid: token.grantId } : undefined),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: SESSION.accessTokenSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of Blotter.', {
            href: config.publicUrl,
            text: 'Back to Blotter',
          });
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: SESSION.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: SESSION.accessTokenSeconds,
      Interaction: 15 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
      RefreshToken: 12 * 60 * 60,
    },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [secrets.signingKey as never] },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', String(out.error_description ?? out.error ?? 'Something went wrong.'), {
        href: config.publicUrl,
        text: 'Back to Blotter',
      });
    },
  };
  const provider = new Provider(config.oidc.issuer, configuration);
  provider.proxy = config.trustProxy;
  return provider;
}
