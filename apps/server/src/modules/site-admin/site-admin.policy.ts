import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';

/**
 * The site-admin calls exist only for system administrators (users.system_admin): anyone else is
 * answered as if the call did not exist.
 */
export function requireSystemAdmin(auth: Principal) {
  if (!auth.systemAdmin) throw notFound();
}

/**
 * Restoring the demo site: system administrators, and the administrators of the demo company
 * itself (its admin has no system_admin, which would also give them the installation's
 * QuickBooks; on a demo server or localhost they may put their own company back). Anyone else: 404.
 */
export async function requireDemoRestorer(tx: Tx, auth: Principal) {
  if (auth.systemAdmin) return;
  if (!auth.admin) throw notFound();
  const [account] = await tx.select({ isDemo: accounts.isDemo }).from(accounts).where(eq(accounts.id, auth.accountId));
  if (!account?.isDemo) throw notFound();
}
