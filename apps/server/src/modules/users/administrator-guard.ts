import { LAST_ADMINISTRATOR } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { activeAdministrators } from './user-admin.queries';

/**
 * Runs a change that could take away the company's last active administrator (deactivating,
 * deleting or moving a user, un-admin-ing a workgroup) and refuses it (400, rolled back) when the
 * company had one before and has none after. A transaction-scoped advisory lock per company
 * serialises these changes, so two administrators deactivating each other cannot both succeed.
 */
export async function keepingAnAdministrator<T>(tx: Tx, accountId: string, change: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`administrators:${accountId}`}))`);
  const before = await activeAdministrators(tx);
  const result = await change();
  if (before > 0 && (await activeAdministrators(tx)) === 0) throw badRequest(LAST_ADMINISTRATOR);
  return result;
}

/** A unique index refused the row (PostgreSQL 23505), however the driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
