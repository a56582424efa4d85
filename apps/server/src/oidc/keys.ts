import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { systemState } from '../db/schema/index';

export interface ProviderSecrets {
  /** Private signing key of the embedded provider (ID tokens and JWT access tokens). */
  signingKey: JWK;
  cookieKeys: string[];
}

const KEY = 'oidc_secrets';

/**
 * Loads the provider's signing key and cookie keys, creating them on first start. They live in
 * the database so every server process signs and verifies with the same keys.
 */
export async function loadProviderSecrets(database: Database): Promise<ProviderSecrets> {
  const existing = await database.system((tx) =>
    tx.select().from(systemState).where(eq(systemState.key, KEY)).limit(1),
  );
  if (existing[0]) return existing[0].value as ProviderSecrets;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const secrets: ProviderSecrets = {
    signingKey: {
      ...jwk,
      kid: randomBytes(8).toString('hex'),
      alg: 'RS256',
      use: 'sig',
    },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  // Two processes starting together: the first insert wins and both use what is stored.
  await database.system((tx) => tx.insert(systemState).values({ key: KEY, value: secrets }).onConflictDoNothing());
  const stored = await database.system((tx) => tx.select().from(systemState).where(eq(systemState.key, KEY)).limit(1));
  return (stored[0]?.value as ProviderSecrets) ?? secrets;
}

/** The public half of a private JWK, for verifying tokens. */
export function publicJwk(key: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = key;
  return rest;
}
