import type OAuthClient from 'intuit-oauth';
import type { QuickBooksConfig } from '../../config';
import { once } from '../once';

/** The OAuth scope the invoices need (the client's scopes.Accounting). */
export const QUICKBOOKS_SCOPE = 'com.intuit.quickbooks.accounting';

/** The Intuit client, loaded at the first QuickBooks call, not with the server (its code is several MB of memory). */
const intuitClient = once(async () => (await import('intuit-oauth')).default);

/** Where Intuit sends the administrator back after the authorisation (GET, public). */
export const QUICKBOOKS_CALLBACK_PATH = '/api/siteAdmins/quickBooksCallback';

/** The tokens of a connection as the Intuit client keeps them. */
export interface QuickBooksTokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
  createdAt: number;
}

/**
 * The official Intuit OAuth client for this server: its endpoints are the configured ones (Intuit's
 * by default, a local server in tests), and it never writes a log file.
 */
export async function quickBooksOAuthClient(
  config: QuickBooksConfig,
  publicUrl: string,
  token?: QuickBooksTokens,
): Promise<OAuthClient> {
  const OAuthClient = await intuitClient();
  const client = new OAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    environment: config.environment,
    redirectUri: `${publicUrl}${QUICKBOOKS_CALLBACK_PATH}`,
    logging: false,
    ...(token ? { token } : {}),
  });
  // Its token requests (axios) have no time limit of their own: each gets the configured one.
  const load = client.loadResponse.bind(client);
  client.loadResponse = (request: object) => load({ timeout: config.timeoutMs ?? 30_000, ...request });
  // The client keeps its endpoints as class-wide values: every client of this process uses the same.
  client.setAuthorizeURLs({
    authorizeEndpoint: config.authorizeUrl,
    tokenEndpoint: config.tokenUrl,
    revokeEndpoint: OAuthClient.revokeEndpoint,
    userInfoEndpoint:
      config.environment === 'production'
        ? OAuthClient.userinfo_endpoint_production
        : OAuthClient.userinfo_endpoint_sandbox,
  });
  return client;
}

/** The token fields worth keeping from a token answer of the client. */
export function tokensOf(data: Partial<QuickBooksTokens>): QuickBooksTokens {
  if (!data.access_token || !data.refresh_token) throw new Error('QuickBooks answered no tokens');
  return {
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    token_type: data.token_type ?? 'bearer',
    expires_in: Number(data.expires_in ?? 0),
    x_refresh_token_expires_in: Number(data.x_refresh_token_expires_in ?? 0),
    createdAt: Number(data.createdAt ?? Date.now()),
  };
}
