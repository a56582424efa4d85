import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * Makes the users of these addresses system administrators (SYSTEM_ADMIN_EMAILS, at start): the
 * one way an installation names its first ones. Only grants; answers how many users changed.
 */
export async function grantSystemAdmins(database: Database, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await database.system((tx) =>
    tx
      .update(users)
      .set({ systemAdmin: true })
      .where(
        and(inArray(sql`lower(${users.email})`, [...emails]), isNull(users.deletedAt), sql`not ${users.systemAdmin}`),
      )
      .returning({ id: users.id }),
  );
  return changed.length;
}
