import { and, eq, isNull } from 'drizzle-orm';
import type { QuickBooksConfig } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { saveConnection, startAuthorization, takeAuthorization } from '../../platform/quickbooks/connection';
import { QUICKBOOKS_SCOPE, quickBooksOAuthClient, tokensOf } from '../../platform/quickbooks/oauth';
import type { Principal } from '../../plugins/auth';

/** The Intuit authorisation URL for the system administrator, with a state bound to them. */
export async function startQuickBooksAuthorization(
  database: Database,
  config: QuickBooksConfig,
  publicUrl: string,
  auth: Principal,
): Promise<string> {
  const state = await database.system((tx) => startAuthorization(tx, auth.userId));
  return (await quickBooksOAuthClient(config, publicUrl)).authorizeUri({ scope: [QUICKBOOKS_SCOPE], state });
}

export type CallbackOutcome = 'connected' | 'expired' | 'denied' | 'failed';

/**
 * Completes the authorisation Intuit sent back: the state must be the pending one (single use,
 * unexpired) of a user who is still an active system administrator; the code is exchanged for
 * tokens through the Intuit client and the connection (company and encrypted tokens) stored.
 */
export async function completeQuickBooksAuthorization(
  database: Database,
  config: QuickBooksConfig,
  publicUrl: string,
  query: {
    code?: string | undefined;
    state?: string | undefined;
    realmId?: string | undefined;
    error?: string | undefined;
  },
  log: (message: string) => void,
): Promise<CallbackOutcome> {
  if (!query.state) return 'expired';
  const state = query.state;
  const userId = await database.system(async (tx) => {
    const starter = await takeAuthorization(tx, state);
    if (!starter) return undefined;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, starter), eq(users.systemAdmin, true), eq(users.status, 1), isNull(users.deletedAt)));
    return admin?.id;
  });
  if (!userId) return 'expired';
  if (query.error || !query.code || !query.realmId) return 'denied';
  const client = await quickBooksOAuthClient(config, publicUrl);
  const callback = new URLSearchParams({ code: query.code, realmId: query.realmId, state });
  try {
    const answer = await client.createToken(`${publicUrl}?${callback}`);
    const tokens = tokensOf({ ...answer.getToken(), createdAt: Date.now() });
    await database.system((tx) =>
      saveConnection(
        tx,
        { realmId: query.realmId ?? '', tokens, connectedBy: userId, connectedAt: new Date().toISOString() },
        config.clientSecret,
      ),
    );
    return 'connected';
  } catch (error) {
    // The client's error names the status only; the code and tokens are never logged.
    log(`QuickBooks token exchange failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    return 'failed';
  }
}
