import { eq } from 'drizzle-orm';
import { accounts } from '../src/db/schema/index';
import type { TestContext } from './test-app';

/** Stores `logo` under `key` and makes it the company's logo, as the logo upload does. */
export async function setCompanyLogo(t: TestContext, accountId: string, key: string, logo: Buffer) {
  await t.storage.put(key, logo);
  await t.database.system((tx) => tx.update(accounts).set({ logoImage: key }).where(eq(accounts.id, accountId)));
}
