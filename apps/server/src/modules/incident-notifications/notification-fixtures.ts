import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-app';

/** The id of a company's incident class by its path of names, e.g. ['Security', 'Theft']. */
export async function classIdOf(t: TestContext, accountId: string, path: readonly string[]): Promise<string> {
  let parent: string | null = null;
  for (const name of path) {
    const found: string | undefined = await t.database.system(async (tx) => {
      const result = (await tx.execute(
        sql`select id from lookups where account_id = ${accountId} and type = 'incidentClass' and name = ${name}
            and parent_id is not distinct from ${parent}::uuid limit 1`,
      )) as unknown as { rows: { id: string }[] };
      return result.rows[0]?.id;
    });
    if (!found) throw new Error(`No class ${path.join(' / ')}`);
    parent = found;
  }
  if (!parent) throw new Error('Empty class path');
  return parent;
}

/** A valid POST /api/incidentNotifications body for one class. */
export const ruleBody = (classLookupId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Theft alert',
  recipientEmails: ['guard@test.example'],
  lookupClasses: [{ classLookupId, eventTypeList: 'CREATE' }],
  ...overrides,
});
