import { eq, sql } from 'drizzle-orm';
import { APP_ROLE, type Database, type Tx } from '../../db/client';
import { accounts, attachments, systemState, users } from '../../db/schema/index';
import { createDemoCompany, DEMO_MARKER, type DemoCompany } from '../../db/seed/demo';
import { writeDemoHistory } from '../../db/seed/demo-history/seed-demo-history';
import { badRequest } from '../../plugins/errors';
import { isUniqueViolation } from '../users/administrator-guard';
import { grantSystemAdminsIn } from './system-admins';

export const NO_DEMO_COMPANY = 'This server has no demo company to restore.';
export const DEMO_EMAIL_TAKEN =
  "The demo site could not be restored: a demo user's email address now belongs to a user of another company.";

/** The stored files of the company (pictures, attachments, logo), to remove once it is gone. */
async function storedFiles(tx: Tx, accountId: string): Promise<string[]> {
  const [files, people, [account]] = await Promise.all([
    tx
      .select({ file: attachments.fileKey, thumbnail: attachments.thumbnailKey })
      .from(attachments)
      .where(eq(attachments.accountId, accountId)),
    tx.select({ avatar: users.avatarKey }).from(users).where(eq(users.accountId, accountId)),
    tx.select({ logo: accounts.logoImage }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  return [
    ...files.flatMap((row) => [row.file, row.thumbnail]),
    ...people.map((row) => row.avatar),
    account?.logo,
  ].filter((key): key is string => Boolean(key));
}

/**
 * Puts the demo company back as the first start made it (db/seed/demo.ts): in ONE transaction
 * it deletes the company with everything it owns (every tenant table cascades from accounts),
 * the identity provider's sessions, grants and tokens of its users (so every signed-in demo user
 * signs in again), creates the company again under the same ids with the demo password, and
 * writes its dated history as the first start does, dated from now. The configured system
 * administrators (SYSTEM_ADMIN_EMAILS) among its users get their flag back as they do at start. A
 * failure anywhere leaves the company as it was. Answers how many incidents the history has and the files to remove after
 * the commit.
 */
export async function restoreDemoCompany(
  database: Database,
  password: string,
  systemAdminEmails: readonly string[],
  now = Date.now(),
): Promise<{ incidents: number; orphanFiles: string[] }> {
  return database.system(async (tx) => {
    // One restore at a time; a second waits and then restores again (the same result).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('blotter.demo-restore'))`);
    const [marker] = await tx.select().from(systemState).where(eq(systemState.key, DEMO_MARKER));
    const demo = marker?.value as DemoCompany | undefined;
    if (!demo) throw badRequest(NO_DEMO_COMPANY);
    const orphanFiles = await storedFiles(tx, demo.accountId);
    const demoUser = sql`payload->>'accountId' in (${demo.adminId}, ${demo.staffId})`;
    await tx.execute(
      sql`delete from oidc_payloads where ${demoUser}
        or grant_id in (select id from oidc_payloads where type = 'Grant' and ${demoUser})`,
    );
    await tx.delete(accounts).where(eq(accounts.id, demo.accountId));
    await createDemoCompany(tx, password, demo).catch((error: unknown) => {
      throw isUniqueViolation(error) ? badRequest(DEMO_EMAIL_TAKEN) : error;
    });
    await grantSystemAdminsIn(tx, systemAdminEmails);
    // The history is written as the company's users write it: the application role, in the company.
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.account_id', ${demo.accountId}, true)`,
    );
    const incidents = await writeDemoHistory(tx, demo, now);
    return { incidents, orphanFiles };
  });
}
