import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * Makes the users of these addresses system administrators (SYSTEM_ADMIN_EMAILS, at start): the
 * one way an installation names its first ones. Only grants; answers how many users changed.
 */
export async function grantSystemAdmins(database: Database, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  return database.system((tx) => grantSystemAdminsIn(tx, emails));
}

/**
 * The same grant inside a transaction of the system: the demo restore re-creates its users without
 * the flag, and a configured system administrator among them stays one.
 */
export async function grantSystemAdminsIn(tx: Tx, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await tx
    .update(users)
    .set({ systemAdmin: true })
    .where(
      and(inArray(sql`lower(${users.email})`, [...emails]), isNull(users.deletedAt), sql`not ${users.systemAdmin}`),
    )
    .returning({ id: users.id });
  return changed.length;
}
