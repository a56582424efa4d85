import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemState } from '../../db/schema/index';

const KEY = 'mfa_code_secret';

/**
 * The key one-time codes are hashed with (HMAC-SHA256), made on first start and kept in the
 * database's system state, so every server process checks codes alike and a copy of the codes
 * table alone cannot be brute-forced from its 10^6 possible codes.
 */
export async function loadMfaSecret(database: Database): Promise<Buffer> {
  const read = () => database.system((tx) => tx.select().from(systemState).where(eq(systemState.key, KEY)).limit(1));
  const existing = (await read())[0];
  if (existing) return Buffer.from(String(existing.value), 'base64url');
  const value = randomBytes(32).toString('base64url');
  // Two processes starting together: the first insert wins and both use what is stored.
  await database.system((tx) => tx.insert(systemState).values({ key: KEY, value }).onConflictDoNothing());
  return Buffer.from(String((await read())[0]?.value ?? value), 'base64url');
}
